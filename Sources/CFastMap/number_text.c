#include "fastmap.h"

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
