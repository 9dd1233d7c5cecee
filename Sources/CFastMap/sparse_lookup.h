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

/// A container built in full, everything below it too (in place of a schema node).
#define FM_SPARSE_KEEP UINT32_MAX

/// The filter of a container whose schema node is `node` (or FM_SPARSE_KEEP): FM_SPARSE_KEEP when
/// the schema keeps it whole.
static inline uint32_t fm_sparse_container_filter(const fm_sparse_schema *schema, uint32_t node) {
    return node == FM_SPARSE_KEEP || schema->nodes[node].keep_all ? FM_SPARSE_KEEP : node;
}

/// The hint slot of an object of schema node `node`, before its first key.
uint32_t fm_sparse_object_hint(const fm_sparse_schema *schema, fm_sparse_hints *hints, uint32_t node);

/// Whether an object filtered by schema node `node` keeps its member `key`, and then the schema
/// node of the member's value in *child: a dictionary's node keeps every member, each under its
/// `element`; another node the member fm_sparse_node_member finds, the hint in slot *hint
/// compared first (*hint is then the slot after that member). *child is not written for a
/// member the node does not keep.
int fm_sparse_member_schema(const fm_sparse_schema *schema, fm_sparse_hints *hints, uint32_t node,
                            uint32_t *hint, const unsigned char *key, size_t length, uint32_t *child);

/// Frees the hints: the filter is done, or its schema changes.
void fm_sparse_hints_free(fm_sparse_hints *hints);

#endif
