#ifndef FASTMAP_SPARSE_LOOKUP_H
#define FASTMAP_SPARSE_LOOKUP_H

// A schema's members found by their keys (sparse_lookup.c), for the two filters that keep only
// what a schema names: the builder's (builder_sparse.c: yajl's documents, streamed elements)
// and the walk's (walk.c: a whole document the simdjson engine writes). Below both. Private to
// CFastMap.

#include "internal.h"

/// Objects of one schema node mostly list their keys in one order: the key that followed a key
/// the last time is compared first, which settles most keys without hashing them (the hash and
/// its slot search were 4% of decoding github_events.json). `slots` holds 1 + the index of a
/// schema member per slot (0: none yet): slot m names the member that followed member m; slot
/// schema->member_count + n the first member of an object of node n. Made at the first filtered
/// object (fm_sparse_object_hint); for good without them when memory ran out then (every key is
/// then looked up).
typedef struct fm_sparse_hints {
    uint32_t *slots;
    int made;
} fm_sparse_hints;

/// The hint slot of an object of schema node `node`, before its first key.
uint32_t fm_sparse_object_hint(const fm_sparse_schema *schema, fm_sparse_hints *hints, uint32_t node);

/// The member of schema node `node` that keeps `key` (as fm_sparse_node_member finds it), the
/// hint in slot *hint compared first; *hint is then the slot after that member. NULL when the
/// node keeps no such member.
const fm_sparse_member *fm_sparse_find_member(const fm_sparse_schema *schema, fm_sparse_hints *hints,
                                              uint32_t node, uint32_t *hint, const unsigned char *key,
                                              size_t length);

/// Frees the hints: the filter is done, or its schema changes.
void fm_sparse_hints_free(fm_sparse_hints *hints);

#endif
