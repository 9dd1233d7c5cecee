#ifndef FASTMAP_KEY_TABLE_H
#define FASTMAP_KEY_TABLE_H

// The keys of an open object, for the document writer's repeated-key check (document_writer.c).
// Private to CFastMap.
//
// Open addressing, at most half full, by fm_key_hash. A table outlives its object: the writer
// keeps one per depth for every object written there, since objects at one depth are open one at
// a time, and never clears it. Each object gets a new stamp, and only slots holding it are its
// keys; any other slot is free. In `{"a":1,"b":{"c":2,"d":3},"e":{"f":4,"g":5}}` the table of
// depth 2 gets `c` and `d` with the first inner object's stamp (say 2); for the second (stamp 3)
// those slots are free, and `f` and `g` may take them.

#include "document_memory.h"

#include <string.h>

typedef struct fm_key_slot {
    uint64_t stamp;  // 0: never used (stamps start at 1)
    uint64_t hash;
    size_t key;      // where the key cell is among the writer's `words` (see fm_key_table_put)
} fm_key_slot;

typedef struct fm_key_table {
    fm_key_slot *slots;  // NULL: none allocated yet
    size_t mask;         // slots - 1; 0 without slots
} fm_key_table;

/// Puts the key `bytes` (its cell is at words[key], its hash `hash`) in the table, which has room,
/// as a key of the object stamped `stamp`; 1, and nothing put, when that object already has an
/// equal key.
static inline int fm_key_table_put(fm_key_table *table, uint64_t stamp, const uint64_t *words, size_t key,
                                   const unsigned char *bytes, size_t length, uint64_t hash) {
    for (size_t slot = (size_t)hash & table->mask;; slot = (slot + 1) & table->mask) {
        fm_key_slot *entry = &table->slots[slot];
        if (entry->stamp != stamp) {
            entry->stamp = stamp;
            entry->hash = hash;
            entry->key = key;
            return 0;
        }
        const fm_cell *other = (const fm_cell *)(words + entry->key);
        if (entry->hash == hash && fm_cell_size(other) == length &&
            (length == 0 || memcmp(other->payload.bytes, bytes, length) == 0))
            return 1;
    }
}

/// Replaces the table with one at least twice as large as `count` + 1 keys need, charged to
/// `doc`, holding the keys of the object at `object` (stamped `stamp`, its cells up to `end`,
/// `count` members); 0 when out of memory or past the document's limit (the table is unchanged).
int fm_key_table_rebuild(fm_key_table *table, fm_doc *doc, uint64_t seed, uint64_t stamp, const uint64_t *words,
                         const fm_cell *object, const fm_cell *end, size_t count);

/// Frees the table's slots and refunds them to `doc`.
void fm_key_table_free(fm_key_table *table, fm_doc *doc);

#endif
