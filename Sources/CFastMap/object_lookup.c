#include "internal.h"

#include <string.h>

// Codable models read their members in declaration order, which is almost always the order of
// the document (and of a sparse tree, which holds only the members a model reads). Looking
// the next few members up by position from where the last lookup of the same object ended
// compares lengths and bytes only; jansson's hash (hashing the key, probing, comparing) is
// the fallback for members read out of order or not there at all.
enum { FM_ORDERED_LOOKAHEAD = 3 };

json_t *fm_object_member_in_order(json_t *object, void **cursor, const char *key, size_t length) {
    void *position = *cursor ? json_object_iter_next(object, *cursor) : json_object_iter(object);
    for (int step = 0; position && step < FM_ORDERED_LOOKAHEAD; step++) {
        if (json_object_iter_key_len(position) == length &&
            fm_bytes_equal(json_object_iter_key(position), key, length)) {
            *cursor = position;
            return json_object_iter_value(position);
        }
        position = json_object_iter_next(object, position);
    }
    // Out of order or missing: the cursor stays where it was (a missing optional member should
    // not make the members after it miss their places too).
    return json_object_getn(object, key, length);
}
