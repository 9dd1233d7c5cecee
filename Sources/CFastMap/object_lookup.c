#include "internal.h"
#include "fastmap_sparse.h"
#include "object_layout.h"

#include <stddef.h>
#include <string.h>

// Codable models read their members in declaration order, which is almost always the order of
// the document (and of a sparse tree, which holds only the members a model reads). Looking
// the next few members up by position from where the last lookup of the same object ended
// compares lengths and bytes only; jansson's hash (hashing the key, probing, comparing) is
// the fallback for members read out of order or not there at all, unless the object is small:
// then walking all its members costs less than hashing the key (an optional member a model
// asks for and the document leaves out is such a miss: 144 of the 1200 reads of
// github_events.json, where hashing them was 4% of the decode). An object a sparse parse
// filtered is always walked: its members are not in jansson's hash at all (the builder appends
// them to the member list only, fm_object_append_unhashed; hashing them was 4 to 7% of decoding
// github_events.json or twitter.json, and only FastMap's decoder reads such a tree).
enum { FM_ORDERED_LOOKAHEAD = 3, FM_WALKED_OBJECT_SIZE = 12 };

static int pairs_match;

// Whether the list headed by `all` (jansson's list of every pair, in the order of its hash
// buckets, which depends on the process's hash seed) links exactly `a` and `b`, in either order.
static int holds_exactly(member_list *all, member_pair *a, member_pair *b) {
    member_list *one = all->next;
    if (one != &a->list && one != &b->list) return 0;  // before following it anywhere
    member_list *two = one->next;
    member_list *other = one == &a->list ? &b->list : &a->list;
    return two == other && two->next == all && all->prev == two && two->prev == one && one->prev == all;
}

void fm_object_pairs_check(void) {
    json_t *object = json_object();
    int match = object && json_object_set_new(object, "ab", json_integer(1)) == 0 &&
                json_object_set_new(object, "xyz", json_integer(2)) == 0;
    if (match) {
        void *first = json_object_iter(object);
        void *second = first ? json_object_iter_next(object, first) : NULL;
        member_list *end = &((object_layout *)object)->ordered;
        match = first && second && !json_object_iter_next(object, second) && end->next == first &&
                ((object_layout *)object)->size == json_object_size(object) &&
                ((member_list *)first)->next == second && ((member_list *)second)->next == end &&
                end->prev == second && holds_exactly(&((object_layout *)object)->list, fm_pair_at(first), fm_pair_at(second));
        for (void *iter = first; match && iter; iter = json_object_iter_next(object, iter)) {
            member_pair *pair = fm_pair_at(iter);
            match = pair->key == json_object_iter_key(iter) && pair->key_length == json_object_iter_key_len(iter) &&
                    pair->value == json_object_iter_value(iter);
        }
    }
    json_decref(object);
    pairs_match = match;
}

int fm_object_pairs_check_result(void) { return pairs_match; }

// The member after `position` (NULL: the first one), or NULL past the last: on jansson's list
// when its layout is known, else through its iterator.
static inline void *member_after(json_t *object, void *position) {
    if (!pairs_match) return position ? json_object_iter_next(object, position) : json_object_iter(object);
    member_list *end = &((object_layout *)object)->ordered;
    member_list *next = position ? ((member_list *)position)->next : end->next;
    return next == end ? NULL : next;
}

// The value of the member at `position` if its key is `key`, else NULL.
static inline json_t *value_if_named(void *position, const char *key, size_t length) {
    member_pair *pair = pairs_match ? fm_pair_at(position) : NULL;
    size_t found_length = pair ? pair->key_length : json_object_iter_key_len(position);
    const char *found_key = pair ? pair->key : json_object_iter_key(position);
    if (found_length != length || !fm_bytes_equal(found_key, key, length)) return NULL;
    return pair ? pair->value : json_object_iter_value(position);
}

// Whether `object`'s members are found only on its list: a sparse parse filtered it and left
// them out of jansson's hash (fm_object_append_unhashed, which gives each pair the hash 0).
// A filtered object can also be hashed (one read as a dictionary keeps every member hashed):
// its first pair then carries its real hash, and lookups in it stay jansson's, not a walk over
// what may be thousands of members. (A real hash of 0 would only make it walked: the walk
// finds every member either way.)
static inline int unhashed(json_t *object) {
    if (!pairs_match || !fm_sparse_mark(object)) return 0;
    member_list *end = &((object_layout *)object)->ordered;
    return end->next == end || fm_pair_at(end->next)->hash == 0;
}

// The member `key` found by comparing every member from `from` (NULL: none) to the last, then
// from the first up to `until`, exclusive (from == until: every member once).
static json_t *walk(json_t *object, void *from, void *until, const char *key, size_t length) {
    for (int wrapped = 0;; from = member_after(object, from)) {
        if (!from) {
            if (wrapped) return NULL;
            wrapped = 1;
            from = member_after(object, NULL);
        }
        if (wrapped && from == until) return NULL;
        json_t *value = value_if_named(from, key, length);
        if (value) return value;
    }
}

json_t *fm_object_member_in_order(json_t *object, void **cursor, const char *key, size_t length) {
    if (!json_is_object(object)) return NULL;
    void *lookahead_start = member_after(object, *cursor);
    void *position = lookahead_start;
    for (int step = 0; position && step < FM_ORDERED_LOOKAHEAD; step++) {
        json_t *value = value_if_named(position, key, length);
        if (value) {
            *cursor = position;
            return value;
        }
        position = member_after(object, position);
    }
    // Out of order or missing: the cursor stays where it was (a missing optional member should
    // not make the members after it miss their places too). The members the lookahead did not
    // compare are walked, from where it stopped round to where it started.
    if (!pairs_match || (((object_layout *)object)->size > FM_WALKED_OBJECT_SIZE && !unhashed(object)))
        return json_object_getn(object, key, length);
    return walk(object, position, lookahead_start, key, length);
}

json_t *fm_object_member_at_cursor(json_t *object, fm_member_cursor *cursor, const char *key, size_t length) {
    if (cursor->object != object) {
        cursor->object = object;
        cursor->position = NULL;
    }
    // The common case first, in one pass: the member right after the cursor is the one asked
    // for (a model reading the members of a filtered object, which keeps them in its reading
    // order, or of a document that lists them so). Written out, not member_after and
    // value_if_named, which check the layout again at each call: through them it cost 1.8% more
    // of decoding github_events.json, and folded into the lookahead 1.0% more.
    if (pairs_match && json_is_object(object)) {
        member_list *end = &((object_layout *)object)->ordered;
        member_list *next = cursor->position ? ((member_list *)cursor->position)->next : end->next;
        if (next != end) {
            member_pair *pair = fm_pair_at(next);
            if (pair->key_length == length && fm_bytes_equal(pair->key, key, length)) {
                cursor->position = next;
                return pair->value;
            }
        }
    }
    return fm_object_member_in_order(object, &cursor->position, key, length);
}

int fm_object_append_unhashed(json_t *object, const char *key, size_t length, json_t *value, uint64_t later) {
    member_pair *pair = fm_member_pair_make(key, length, 0, value);  // 0: never hashed
    if (!pair) {
        json_decref(value);
        return -1;
    }
    object_layout *layout = (object_layout *)object;
    // `list` (jansson's bucket order) is only walked to free the pairs: its order is free.
    fm_list_append(&layout->list, &pair->list);
    member_list *before = &layout->ordered;
    for (; later; later &= later - 1) before = before->prev;  // a step per bit set
    fm_list_append(before, &pair->ordered);
    layout->size++;
    return 0;
}

json_t *fm_object_member(json_t *object, const char *key, size_t length) {
    if (!json_is_object(object) || !unhashed(object)) return json_object_getn(object, key, length);
    void *first = member_after(object, NULL);
    return walk(object, first, first, key, length);
}
