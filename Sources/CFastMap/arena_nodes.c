#include "internal.h"

#include <math.h>
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

// A node of `size` bytes and kind `type` from the current arena, its count of references 1: 1
// with *node set (NULL when the arena's budget or memory ran out), or 0 when jansson's
// constructor must make it (no arena is current, or the layouts differ).
static int take_node(size_t size, json_type type, json_t **node) {
    void *block;
    if (!layouts_match || !fm_arena_take(size, &block)) return 0;
    *node = block;
    if (block) {
        (*node)->type = type;
        (*node)->refcount = 1;
    }
    return 1;
}

int fm_string_node_begin(size_t capacity, json_t **node, char **text) {
    if (capacity > SIZE_MAX - sizeof(string_node) - 1 || !take_node(sizeof(string_node) + capacity + 1, JSON_STRING, node))
        return 0;
    if (*node) *text = ((string_node *)*node)->text;
    return 1;
}

void fm_string_node_end(json_t *node, size_t length) {
    string_node *string = (string_node *)node;
    string->text[length] = '\0';
    string->value = string->text;
    string->length = length;
}

json_t *fm_string_node(const char *bytes, size_t length) {
    json_t *node;
    char *text;
    if (!fm_string_node_begin(length, &node, &text)) return json_stringn_nocheck(bytes, length);
    if (node) {
        memcpy(text, bytes, length);
        fm_string_node_end(node, length);
    }
    return node;
}

json_t *fm_integer_node(json_int_t value) {
    json_t *node;
    if (!take_node(sizeof(integer_node), JSON_INTEGER, &node)) return json_integer(value);
    if (node) ((integer_node *)node)->value = value;
    return node;
}

json_t *fm_real_node(double value) {
    json_t *node;
    // jansson refuses NaN and infinities (json_real returns NULL); so does this.
    if (!isfinite(value) || !take_node(sizeof(real_node), JSON_REAL, &node)) return json_real(value);
    if (node) ((real_node *)node)->value = value;
    return node;
}
