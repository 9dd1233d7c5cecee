#include "builder_sparse.h"
#include "words.h"

#include <stdlib.h>
#include <string.h>

// Sparse builds: the builder keeps only the members a schema names (fastmap_sparse.h). Skipped
// values still pass through the builder's checks (strings and keys are validated before these
// functions are asked, containers count towards the nesting limit), so a sparse parse fails
// exactly as a full one; it just creates no node for what nobody will read.

// The schema of the calling thread's whole-document parses, set by fm_parse_sparse around one
// call (the parse entry points take no schema argument; the streaming parser never reads it).
static _Thread_local const fm_sparse_schema *current_schema;

const fm_sparse_schema *fm_sparse_current(void) { return current_schema; }

int fm_sparse_start(fm_builder *b, int *result, uint32_t *schema) {
    if (b->skip_depth || b->skip_value) {
        // Skipped, but still one level of nesting, counted as a built container would be.
        if (b->depth + b->skip_depth >= b->max_depth) {
            *result = fm_builder_fail_depth(b);
            return 1;
        }
        b->skip_value = 0;
        b->skip_depth++;
        *result = 1;
        return 1;
    }
    uint32_t chosen;
    if (b->depth == 0) {
        chosen = 0;
    } else {
        const fm_frame *parent = &b->stack[b->depth - 1];
        if (parent->sparse == FM_SPARSE_KEEP) chosen = FM_SPARSE_KEEP;
        else if (parent->is_array) chosen = b->sparse->nodes[parent->sparse].element;
        else chosen = b->member_schema;
    }
    if (chosen != FM_SPARSE_KEEP && b->sparse->nodes[chosen].keep_all) chosen = FM_SPARSE_KEEP;
    *schema = chosen;
    return 0;
}

void fm_sparse_forget_hints(fm_builder *b) {
    free(b->key_hints);
    b->key_hints = NULL;
    b->key_hints_made = 0;
}

// Keys found through a hint on this thread, for tests.
static _Thread_local size_t hinted_keys;

size_t fm_sparse_hinted_keys(void) { return hinted_keys; }

// Slots for every member and node of the builder's schema, all empty; NULL when out of memory.
static uint32_t *make_key_hints(fm_builder *b) {
    b->key_hints_made = 1;
    const fm_sparse_schema *schema = b->sparse;
    if (schema->member_count + schema->node_count >= UINT32_MAX) return NULL;
    b->key_hints = calloc(schema->member_count + schema->node_count, sizeof(uint32_t));
    return b->key_hints;
}

void fm_sparse_started(fm_builder *b, uint32_t schema) {
    fm_frame *frame = &b->stack[b->depth - 1];
    frame->sparse = schema;
    if (schema != FM_SPARSE_KEEP && (b->key_hints || (!b->key_hints_made && make_key_hints(b))))
        frame->hint = (uint32_t)b->sparse->member_count + schema;
    fm_writer_mark(b->writer, schema == FM_SPARSE_KEEP ? 0 : schema + 1);
    if (schema == FM_SPARSE_KEEP) {
        // Everything below is built in full: no checks until it closes (its containers carry
        // mark 0, as every container starts).
        b->suspended = b->sparse;
        b->suspended_depth = b->depth;
        b->sparse = NULL;
    }
}

// The member the hint in `slot` names, when `key` is its key.
static inline const fm_sparse_member *hinted_member(const fm_builder *b, uint32_t slot, const unsigned char *key,
                                                    size_t length) {
    uint32_t hint = b->key_hints[slot];
    if (hint == 0) return NULL;
    const fm_sparse_member *member = &b->sparse->members[hint - 1];
    return member->length == length && fm_bytes_equal(member->key, key, length) ? member : NULL;
}

int fm_sparse_key(fm_builder *b, const unsigned char *bytes, size_t count) {
    fm_frame *frame = &b->stack[b->depth - 1];
    if (frame->sparse == FM_SPARSE_KEEP) {
        b->member_schema = FM_SPARSE_KEEP;
        return 1;
    }
    const fm_sparse_node *node = &b->sparse->nodes[frame->sparse];
    if (node->every_member) {
        // A dictionary: every member under one schema.
        b->member_schema = node->element;
        return 1;
    }
    // Objects of one schema node mostly list their keys in one order: the key that followed the
    // previous one last time is compared first, which settles most keys without hashing them
    // (the hash and its slot search were 4% of decoding github_events.json).
    const fm_sparse_member *member = b->key_hints ? hinted_member(b, frame->hint, bytes, count) : NULL;
    if (member) hinted_keys++;
    else member = fm_sparse_node_member(b->sparse, frame->sparse, bytes, count);
    if (!member) {
        b->skip_value = 1;
        return 0;
    }
    uint32_t index = (uint32_t)(member - b->sparse->members);  // in the schema's members
    if (b->key_hints) {
        b->key_hints[frame->hint] = index + 1;
        frame->hint = index;
    }
    b->member_schema = member->child;
    return 1;
}

// The member of `node` whose key is exactly `key`, or NULL.
static const fm_sparse_member *member_named(const fm_sparse_schema *schema, const fm_sparse_node *node,
                                            const unsigned char *key, size_t length) {
    // Most keys a model does not read have a signature none of its keys has.
    if (!(node->key_signatures & fm_sparse_key_signature(key, length))) return NULL;
    // One slot, rarely a few: scanning the members compared a key with half of them on average
    // (7% of a decode of twitter.json, whose user objects keep a dozen of their 40 keys).
    const uint64_t *slots = schema->slots + node->first_slot;
    uint32_t mask = node->slot_mask;
    uint32_t hash = fm_sparse_key_hash(key, length);
    for (uint32_t at = hash & mask;; at = (at + 1) & mask) {
        uint64_t slot = slots[at];
        uint32_t index = (uint32_t)slot;
        if (index == 0) return NULL;
        if ((uint32_t)(slot >> 32) != hash) continue;
        const fm_sparse_member *member = &schema->members[index - 1];
        if (member->length == length && fm_bytes_equal(member->key, key, length)) return member;
    }
}

// Whether `key` is the ASCII `name` with some of its characters written as the non-ASCII ones
// equal to them (fm_ascii_spellings): the only keys with a non-ASCII byte that equal an ASCII
// name as Swift strings.
static int spells_ascii_name(const unsigned char *key, size_t length, const char *name, size_t name_length) {
    size_t i = 0, j = 0;
    for (; i < length && j < name_length; j++) {
        size_t count;
        char ascii = fm_ascii_equivalent(key + i, length - i, &count);
        if (count == 0 || ascii != name[j]) return 0;
        i += count;
    }
    return i == length && j == name_length;
}

// The member of `node` whose ASCII key `key` spells another way (spells_ascii_name), or NULL.
// Only keys with a non-ASCII byte can (an ASCII one would have matched byte for byte).
static const fm_sparse_member *member_spelled_otherwise(const fm_sparse_schema *schema, const fm_sparse_node *node,
                                                        const unsigned char *key, size_t length) {
    size_t at = 0;
    while (at < length && key[at] < 0x80) at++;
    if (at == length) return NULL;
    for (uint32_t index = 0; index < node->member_count; index++) {
        const fm_sparse_member *member = &schema->members[node->first_member + index];
        if (spells_ascii_name(key, length, member->key, member->length)) return member;
    }
    return NULL;
}

const fm_sparse_member *fm_sparse_node_member(const fm_sparse_schema *schema, uint32_t index,
                                              const unsigned char *key, size_t length) {
    if (index >= schema->node_count) return NULL;
    const fm_sparse_node *node = &schema->nodes[index];
    const fm_sparse_member *member = member_named(schema, node, key, length);
    if (!member && node->other_spellings) member = member_spelled_otherwise(schema, node, key, length);
    return member;
}

void fm_sparse_reset(fm_builder *b) {
    if (b->suspended) b->sparse = b->suspended;
    b->suspended = NULL;
    b->skip_value = 0;
    b->skip_depth = 0;
}

