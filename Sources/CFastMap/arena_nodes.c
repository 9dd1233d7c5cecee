#include "internal.h"

#include <stdint.h>
#include <string.h>

// Scalar nodes for the builder, laid out in one arena block each. jansson's own constructors
// take two allocations for a string (the node, then a copy of its text), and every allocation
// goes through its hook pointer to arena_malloc: for a string-heavy document that was a sixth
// of the parse. Inside an arena nothing is freed one node at a time (jansson's frees are
// no-ops there and the arena is released whole), so a string's text can live right after its
// node.
//
// The layouts are jansson's private ones (jansson_private.h, unchanged since 2.7): a json_t,
// then the value; a string's text pointer, then its length. They are checked once against
// jansson's own constructors (fm_arena_nodes_check, run when FastMap installs its hooks);
// should a jansson build differ, every node comes from jansson's constructors as before.

typedef struct string_node {
    json_t json;
    char *value;
    size_t length;
    char text[];
} string_node;

typedef struct integer_node {
    json_t json;
    json_int_t value;
} integer_node;

typedef struct real_node {
    json_t json;
    double value;
} real_node;

static int layouts_match;

void fm_arena_nodes_check(void) {
    // Built with whatever allocation functions are installed now, and released at once.
    json_t *string = json_stringn_nocheck("ab", 2);
    json_t *integer = json_integer(-7);
    json_t *real = json_real(0.5);
    int match = string && integer && real;
    if (match) {
        const string_node *s = (const string_node *)string;
        match = s->value == json_string_value(string) && s->length == 2 && json_string_length(string) == 2 &&
                ((const integer_node *)integer)->value == -7 && ((const real_node *)real)->value == 0.5;
    }
    json_decref(string);
    json_decref(integer);
    json_decref(real);
    layouts_match = match;
}

int fm_arena_nodes_check_result(void) { return layouts_match; }

static void init_node(json_t *node, json_type type) {
    node->type = type;
    node->refcount = 1;
}

json_t *fm_string_node(const char *bytes, size_t length) {
    void *block;
    if (!layouts_match || length > SIZE_MAX - sizeof(string_node) - 1 ||
        !fm_arena_take(sizeof(string_node) + length + 1, &block))
        return json_stringn_nocheck(bytes, length);
    if (!block) return NULL;
    string_node *node = block;
    init_node(&node->json, JSON_STRING);
    memcpy(node->text, bytes, length);
    node->text[length] = '\0';
    node->value = node->text;
    node->length = length;
    return &node->json;
}

json_t *fm_integer_node(json_int_t value) {
    void *block;
    if (!layouts_match || !fm_arena_take(sizeof(integer_node), &block)) return json_integer(value);
    if (!block) return NULL;
    integer_node *node = block;
    init_node(&node->json, JSON_INTEGER);
    node->value = value;
    return &node->json;
}

json_t *fm_real_node(double value) {
    void *block;
    // jansson refuses NaN and infinities (json_real returns NULL); so does this.
    if (!layouts_match || value != value || value - value != 0 || !fm_arena_take(sizeof(real_node), &block))
        return json_real(value);
    if (!block) return NULL;
    real_node *node = block;
    init_node(&node->json, JSON_REAL);
    node->value = value;
    return &node->json;
}
