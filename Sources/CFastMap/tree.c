#include "fastmap.h"

#include <stdlib.h>

// jansson frees a tree recursively, one C frame per level. Trees built in code can nest far
// deeper than any parser allows, so those are taken apart with an explicit work list.
void fm_json_release_deep(json_t *root) {
    size_t capacity = 64, count = 0;
    json_t **pending = malloc(capacity * sizeof(json_t *));
    if (!pending) {
        json_decref(root);
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
                    json_decref(node);  // fall back to jansson's own recursion
                    continue;
                }
                pending = larger;
                capacity = grown;
            }
            if (json_is_array(node)) {
                for (size_t i = 0; i < children; i++) pending[count++] = json_incref(json_array_get(node, i));
                json_array_clear(node);
            } else {
                for (void *it = json_object_iter(node); it; it = json_object_iter_next(node, it))
                    pending[count++] = json_incref(json_object_iter_value(it));
                json_object_clear(node);
            }
        }
        json_decref(node);
    }
    free(pending);
}
