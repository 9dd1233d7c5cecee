#ifndef FASTMAP_OBJECT_LAYOUT_H
#define FASTMAP_OBJECT_LAYOUT_H

// jansson's objects as its private hashtable.h (2.14) lays them out, for the C files that read
// and build members without jansson's functions (object_lookup.c, object_insert.c). Every use
// is behind a check made once at load (fm_object_pairs_check): should a jansson build differ,
// its own functions are used as before.

#include "internal.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

// jansson's members, as its private hashtable.h (2.14) lays them out: each pair is on a list in
// insertion order, and an iterator points at the pair's place on that list. Stepping through
// the pairs directly takes a load per step where jansson's iterator functions took four calls
// (next, key, its length, value: 3% of a decode of twitter.json). The layout is checked once,
// when FastMap installs its allocation hooks (fm_object_pairs_check); should a jansson build
// differ, the lookup uses those functions as before.
typedef struct member_list {
    struct member_list *prev;
    struct member_list *next;
} member_list;

typedef struct member_pair {
    member_list list;
    member_list ordered;  // where an iterator points
    size_t hash;
    json_t *value;
    size_t key_length;
    char key[];
} member_pair;

typedef struct object_layout {
    json_t json;
    size_t size;
    void *buckets;
    size_t order;
    member_list list;
    member_list ordered;  // the end of the ordered list
} object_layout;

/// One of an object's hash buckets: the first and last pair of the bucket on `list` (both the
/// object's `list` itself when the bucket is empty).
typedef struct member_bucket {
    member_list *first;
    member_list *last;
} member_bucket;

/// The pair whose `ordered` links are at `position` (what an object iterator points at).
static inline member_pair *fm_pair_at(member_list *position) {
    return (member_pair *)((char *)position - offsetof(member_pair, ordered));
}

/// jansson's list_insert: `node` goes just before `list` (last, when `list` heads the list).
static inline void fm_list_append(member_list *list, member_list *node) {
    node->next = list;
    node->prev = list->prev;
    list->prev->next = node;
    list->prev = node;
}

/// A pair for `key` holding `value` (not yet on any list), allocated as jansson allocates it,
/// through its current hook (the arena's, inside an arena parse), which is what will free it if
/// the tree is released by json_decref: should another library swap jansson's hooks while a
/// tree is built, each block still comes from the allocator its free goes to. NULL when memory
/// runs out; `value` stays the caller's then.
static inline member_pair *fm_member_pair_make(const char *key, size_t length, size_t hash, json_t *value) {
    if (length >= SIZE_MAX - sizeof(member_pair)) return NULL;
    json_malloc_t allocate;
    json_free_t release;
    json_get_alloc_funcs(&allocate, &release);
    member_pair *pair = allocate(sizeof(member_pair) + length + 1);
    if (!pair) return NULL;
    pair->hash = hash;
    pair->value = value;
    pair->key_length = length;
    memcpy(pair->key, key, length);
    pair->key[length] = '\0';
    return pair;
}

#endif
