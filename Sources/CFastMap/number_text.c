#include "internal.h"

#include <stdint.h>
#include <string.h>

// Numbers kept as text.

typedef struct number_text_node {
    json_t json;    // first, as in jansson's own json_real_t
    double value;   // where json_real_t keeps its value: NUMBER_TEXT_NAN
    size_t length;
    char text[];
} number_text_node;

// A quiet NaN whose payload spells "FMtext": jansson never stores a NaN in a real (json_real
// refuses them), so no other node has this value.
#define NUMBER_TEXT_NAN 0x7FF8464D74657874ULL

json_t *fm_number_text_node(const char *text, size_t length) {
    json_malloc_t allocate;
    json_free_t release;
    json_get_alloc_funcs(&allocate, &release);
    // jansson frees a real with its free function in one piece, exactly like this block.
    number_text_node *node = allocate(sizeof(number_text_node) + length + 1);
    if (!node) return NULL;
    node->json.type = JSON_REAL;
    node->json.refcount = 1;
    uint64_t bits = NUMBER_TEXT_NAN;
    memcpy(&node->value, &bits, sizeof bits);
    node->length = length;
    memcpy(node->text, text, length);
    node->text[length] = '\0';
    return &node->json;
}

int fm_is_number_text(const json_t *node) {
    if (!node || node->type != JSON_REAL) return 0;
    double value = json_real_value(node);
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits == NUMBER_TEXT_NAN;
}

const char *fm_number_text(const json_t *node, size_t *length) {
    if (!fm_is_number_text(node)) return NULL;
    const number_text_node *text_node = (const number_text_node *)node;
    *length = text_node->length;
    return text_node->text;
}

// JSON5 tokens that strict JSON cannot spell (`Infinity`, `NaN`, malformed numbers that
// Foundation rejects only when they are read) reach the tree as markers: a number with an
// exponent far beyond any double (so the node keeps its text) whose digits spell the token.

static void restore_node(json_t *node) {
    if (json_is_array(node)) {
        size_t count = json_array_size(node);
        for (size_t i = 0; i < count; i++) restore_node(json_array_get(node, i));
        return;
    }
    if (json_is_object(node)) {
        for (void *it = json_object_iter(node); it; it = json_object_iter_next(node, it))
            restore_node(json_object_iter_value(it));
        return;
    }
    if (!fm_is_number_text(node)) return;
    number_text_node *text_node = (number_text_node *)node;
    size_t prefix = strlen(FM_JSON5_TOKEN_MARKER);
    if (text_node->length <= prefix || memcmp(text_node->text, FM_JSON5_TOKEN_MARKER, prefix) != 0) return;
    size_t digits = text_node->length - prefix;
    if (digits % 3 != 0) return;
    const char *in = text_node->text + prefix;
    size_t n = 0;
    for (size_t i = 0; i < digits; i += 3)
        text_node->text[n++] = (char)((in[i] - '0') * 100 + (in[i + 1] - '0') * 10 + (in[i + 2] - '0'));
    text_node->text[n] = '\0';
    text_node->length = n;
}

void fm_json5_restore_tokens(json_t *root) {
    if (root) restore_node(root);
}
