#include "key_table.h"

#include <stdlib.h>

#include "key_hash.h"

int fm_key_table_rebuild(fm_key_table *table, fm_doc *doc, uint64_t seed, uint64_t stamp, const uint64_t *words,
                         const fm_cell *object, const fm_cell *end, size_t count) {
    size_t slots = 16;
    while (slots < (count + 1) * 2) slots *= 2;
    if (slots > SIZE_MAX / sizeof(fm_key_slot) || !fm_doc_charge(doc, slots * sizeof(fm_key_slot))) return 0;
    fm_key_slot *grown = calloc(slots, sizeof(fm_key_slot));
    if (!grown) {
        fm_doc_refund(doc, slots * sizeof(fm_key_slot));
        return 0;
    }
    fm_key_table_free(table, doc);
    table->slots = grown;
    table->mask = slots - 1;
    for (const fm_cell *key = fm_cell_after(object); key < end; key = fm_cell_next(fm_cell_after(key))) {
        size_t length = fm_cell_size(key);
        fm_key_table_put(table, stamp, words, (size_t)((const uint64_t *)key - words), key->payload.bytes, length,
                         fm_key_hash(seed, key->payload.bytes, length));
    }
    return 1;
}

void fm_key_table_free(fm_key_table *table, fm_doc *doc) {
    // A table is charged by its size while it lives.
    if (!table->slots) return;
    fm_doc_refund(doc, (table->mask + 1) * sizeof(fm_key_slot));
    free(table->slots);
    table->slots = NULL;
    table->mask = 0;
}
