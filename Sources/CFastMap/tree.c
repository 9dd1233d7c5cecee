#include "internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

// Integers above INT64_MAX are stored as jansson integers holding the UInt64's bit pattern,
// marked in the node itself: jansson's json_t has four bytes of padding after its type field
// (jansson never touches them), where such a node carries a mark derived from its own
// address. FastMap's allocation hooks clear those bytes in every block they hand out, so no
// other node can carry a stale mark; a node moved or freed takes its mark with it, so no
// table of addresses can go stale.
_Static_assert(sizeof(json_t) == 16 && offsetof(json_t, refcount) == 8,
               "the unsigned mark lives in json_t's padding");

// FastMapCore's JSONNode reads a node's kind inline, without jansson's headers: the json_type
// tag is the first field, four bytes wide, numbered as below.
_Static_assert(offsetof(json_t, type) == 0 && sizeof(json_type) == 4, "JSONNode.typeTag reads 4 bytes at 0");
_Static_assert(JSON_OBJECT == 0 && JSON_ARRAY == 1 && JSON_STRING == 2 && JSON_INTEGER == 3 &&
                   JSON_REAL == 4 && JSON_TRUE == 5 && JSON_FALSE == 6 && JSON_NULL == 7,
               "JSONNode's kind tests use jansson's json_type numbering");

static uint32_t unsigned_mark(const json_t *node) {
    uint64_t mixed = ((uint64_t)(uintptr_t)node >> 4) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(mixed >> 32) | 1;  // never 0, the cleared value
}

json_t *fm_json_unsigned(uint64_t value) {
    json_t *node = fm_integer_node((json_int_t)value);
    if (node && value > (uint64_t)INT64_MAX) {
        uint32_t mark = unsigned_mark(node);
        memcpy((unsigned char *)node + 4, &mark, sizeof mark);
    }
    return node;
}

int fm_json_is_unsigned(const json_t *node) {
    if (!node || json_typeof(node) != JSON_INTEGER || json_integer_value(node) >= 0) return 0;
    uint32_t stored;
    memcpy(&stored, (const unsigned char *)node + 4, sizeof stored);
    return stored == unsigned_mark(node);
}

// jansson's json_incref/json_decref update the count atomically but first read it plainly
// (to skip the immortal singletons, whose count is (size_t)-1): a data race when one value
// is composed from many threads. These read it atomically too.
json_t *fm_json_retain(json_t *json) {
    if (json && __atomic_load_n(&json->refcount, __ATOMIC_RELAXED) != (size_t)-1)
        __atomic_add_fetch(&json->refcount, 1, __ATOMIC_RELAXED);
    return json;
}

void fm_json_release(json_t *json) {
    // Acquire-release: the thread that frees sees every other thread's last use of the node.
    if (json && __atomic_load_n(&json->refcount, __ATOMIC_RELAXED) != (size_t)-1 &&
        __atomic_sub_fetch(&json->refcount, 1, __ATOMIC_ACQ_REL) == 0)
        json_delete(json);
}

// jansson frees a tree recursively, one C frame per level. Trees built in code can nest far
// deeper than any parser allows, so those are taken apart with an explicit work list.
void fm_json_release_deep(json_t *root) {
    size_t capacity = 64, count = 0;
    json_t **pending = malloc(capacity * sizeof(json_t *));
    if (!pending) {
        fm_json_release(root);
        return;
    }
    pending[count++] = root;
    while (count > 0) {
        json_t *node = pending[--count];
        size_t references = __atomic_load_n(&node->refcount, __ATOMIC_ACQUIRE);
        // Only a node whose last reference is ours gets freed; take its children out first.
        if (references == 1 && (json_is_array(node) || json_is_object(node))) {
            size_t children = json_is_array(node) ? json_array_size(node) : json_object_size(node);
            if (count + children > capacity) {
                size_t grown = capacity;
                while (grown < count + children) grown *= 2;
                json_t **larger = realloc(pending, grown * sizeof(json_t *));
                if (!larger) {
                    fm_json_release(node);  // fall back to jansson's own recursion
                    continue;
                }
                pending = larger;
                capacity = grown;
            }
            if (json_is_array(node)) {
                for (size_t i = 0; i < children; i++) pending[count++] = fm_json_retain(json_array_get(node, i));
                json_array_clear(node);
            } else {
                for (void *it = json_object_iter(node); it; it = json_object_iter_next(node, it))
                    pending[count++] = fm_json_retain(json_object_iter_value(it));
                json_object_clear(node);
            }
        }
        fm_json_release(node);
    }
    free(pending);
}
