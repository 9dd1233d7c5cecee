#include "sparse_lookup.h"

#include <stdlib.h>

// A schema node's members by key: a signature bit, then the node's hash slots
// (fastmap_sparse.h), then for keys spelled with non-ASCII characters Swift calls equal to
// ASCII ones, the node's members one by one. Before all of that, the hint of the key that
// followed last time (fm_sparse_hints).

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

// Keys found through a hint on this thread, for tests.
static _Thread_local size_t hinted_keys;

size_t fm_sparse_hinted_keys(void) { return hinted_keys; }

uint32_t fm_sparse_object_hint(const fm_sparse_schema *schema, fm_sparse_hints *hints, uint32_t node) {
    if (!hints->made) {
        hints->made = 1;
        if (schema->member_count + schema->node_count < UINT32_MAX)
            hints->slots = calloc(schema->member_count + schema->node_count, sizeof(uint32_t));
    }
    return (uint32_t)schema->member_count + node;
}

// The member of schema node `node` that keeps `key`, the hint in slot *hint compared first.
static const fm_sparse_member *find_member(const fm_sparse_schema *schema, fm_sparse_hints *hints, uint32_t node,
                                           uint32_t *hint, const unsigned char *key, size_t length) {
    const fm_sparse_member *member = NULL;
    if (hints->slots && hints->slots[*hint]) {
        const fm_sparse_member *hinted = &schema->members[hints->slots[*hint] - 1];
        if (hinted->length == length && fm_bytes_equal(hinted->key, key, length)) member = hinted;
    }
    if (member) hinted_keys++;
    else member = fm_sparse_node_member(schema, node, key, length);
    if (!member || !hints->slots) return member;
    uint32_t index = (uint32_t)(member - schema->members);
    hints->slots[*hint] = index + 1;
    *hint = index;
    return member;
}

int fm_sparse_member_schema(const fm_sparse_schema *schema, fm_sparse_hints *hints, uint32_t node,
                            uint32_t *hint, const unsigned char *key, size_t length, uint32_t *child) {
    const fm_sparse_node *filter = &schema->nodes[node];
    if (filter->every_member) {
        *child = filter->element;
        return 1;
    }
    const fm_sparse_member *member = find_member(schema, hints, node, hint, key, length);
    if (!member) return 0;
    *child = member->child;
    return 1;
}

void fm_sparse_hints_free(fm_sparse_hints *hints) {
    free(hints->slots);
    *hints = (fm_sparse_hints){NULL, 0};
}
