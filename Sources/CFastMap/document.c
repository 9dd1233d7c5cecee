#include "document_memory.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The document's memory (fastmap_document.h): blocks freed with it, the bytes of its strings and
// numbers, its copy of the text, and what its memory limit counts. document_writer.c appends
// cells; neither knows a parser.

_Static_assert(sizeof(fm_cell) == FM_CELL_SIZE, "a cell that is not short is 16 bytes");
_Static_assert(sizeof(uint64_t) == FM_CELL_WORD && _Alignof(fm_cell) == FM_CELL_WORD, "cells are 8-byte words");
_Static_assert(offsetof(fm_cell, payload) == 8, "the payload is a cell's second word");
_Static_assert(sizeof(double) == 8 && sizeof(void *) == 8, "cells hold 64-bit payloads");
_Static_assert(FM_CELL_KIND_MASK == 0xF && FM_CELL_NON_ASCII_KEYS == 0x10 && FM_CELL_SHORT == 0x20 &&
                   FM_CELL_SIZE_SHIFT == 8 && FM_CELL_SHORT_DIGITS_SHIFT == 19 && FM_CELL_MARK_SHIFT == 40,
               "JSONNode (Swift) reads the tag word with these bits and shifts");

enum { FIRST_BYTES_BLOCK = 4096, LARGEST_BYTES_BLOCK = 1 << 20, TEXT_PADDING = FM_DOC_TEXT_PADDING };

static void *new_block(fm_doc *doc, size_t size) {
    if (size > SIZE_MAX - sizeof(fm_block)) return NULL;
    fm_block *block = malloc(sizeof(fm_block) + size);
    if (!block) return NULL;
    doc->allocated += sizeof(fm_block) + size;
    block->size = size;
    block->next = doc->blocks;
    doc->blocks = block;
    return block + 1;
}

fm_doc *fm_doc_create(size_t memory_limit) {
    fm_doc *doc = calloc(1, sizeof *doc);
    if (!doc) return NULL;
    doc->limit = memory_limit;
    doc->next_bytes_block = FIRST_BYTES_BLOCK;
    return doc;
}

void fm_doc_free(fm_doc *doc) {
    if (!doc) return;
    for (fm_block *block = doc->blocks; block;) {
        fm_block *next = block->next;
        free(block);
        block = next;
    }
    free(doc);
}

size_t fm_doc_size(const fm_doc *doc) { return doc->allocated; }

size_t fm_doc_limit(const fm_doc *doc) { return doc->limit; }

int fm_doc_limit_reached(const fm_doc *doc) { return doc->exceeded; }

size_t fm_doc_room(const fm_doc *doc) { return doc->limit == SIZE_MAX ? SIZE_MAX : doc->limit - doc->used; }

int fm_doc_count(fm_doc *doc, size_t size) { return fm_doc_charge(doc, size); }

void fm_doc_uncount(fm_doc *doc, size_t size) { fm_doc_refund(doc, size); }

const unsigned char *fm_doc_adopt_text(fm_doc *doc, const unsigned char *text, size_t length) {
    if (length > SIZE_MAX - TEXT_PADDING) return NULL;
    unsigned char *copy = new_block(doc, length + TEXT_PADDING);
    if (!copy) return NULL;
    if (length) memcpy(copy, text, length);
    memset(copy + length, 0, TEXT_PADDING);
    doc->text = copy;
    doc->text_length = length;
    return copy;
}

void fm_doc_pack_text(fm_doc *doc) { doc->packs_text = 1; }

void fm_doc_start_packing(fm_doc *doc, size_t tokens) {
    if (doc->packs_text && doc->text_length / FM_DOC_PACKED_BYTES_PER_TOKEN < tokens)
        doc->kept_end = (unsigned char *)doc->text;
}

void fm_doc_stop_packing(fm_doc *doc, const fm_cell *root) {
    unsigned char *kept_end = doc->kept_end;
    doc->kept_end = NULL;
    if (!kept_end || !root) return;
    size_t kept = (size_t)(kept_end - doc->text);
    fm_block **link = &doc->blocks;
    while ((const unsigned char *)(*link + 1) != doc->text) link = &(*link)->next;
    size_t size = (*link)->size;
    fm_block *smaller = realloc(*link, sizeof(fm_block) + kept);
    if (!smaller) return;  // the text stays as large as it was
    const unsigned char *text = doc->text, *moved = (const unsigned char *)(smaller + 1);
    doc->allocated -= size - kept;
    smaller->size = kept;
    *link = smaller;
    doc->text = moved;
    doc->text_length = kept;
    if (moved == text) return;
    // realloc moved the block: the cells follow it, by their offsets (the old addresses compared
    // as integers only). The cells are the document's own, written by the parse just ended.
    const fm_cell *end = fm_cell_next(root);
    for (fm_cell *cell = (fm_cell *)root; cell < end; cell = (fm_cell *)fm_cell_after(cell)) {
        if (!fm_cell_points_at_bytes(cell)) continue;
        uintptr_t at = (uintptr_t)cell->payload.bytes - (uintptr_t)text;
        if (at <= kept) cell->payload.bytes = moved + at;
    }
}

void fm_doc_discard_values(fm_doc *doc) {
    fm_block **link = &doc->blocks;
    while (*link) {
        fm_block *block = *link;
        if ((const unsigned char *)(block + 1) == doc->text) {
            link = &block->next;
            continue;
        }
        *link = block->next;
        doc->allocated -= sizeof(fm_block) + block->size;
        free(block);
    }
    doc->bump = NULL;
    doc->bump_left = 0;
    doc->used = 0;
    doc->exceeded = 0;
}

unsigned char *fm_doc_take_block(fm_doc *doc, size_t length) {
    if (!fm_doc_charge(doc, length)) return NULL;
    unsigned char *own = new_block(doc, length ? length : 1);
    if (!own) fm_doc_refund(doc, length);
    return own;
}

// `length` bytes that live as long as the document (a string's or number's text).
unsigned char *fm_doc_take_bytes(fm_doc *doc, size_t length) {
    // Long texts get a block of their own; the bump block in use stays.
    if (length > doc->bump_left && length > doc->next_bytes_block / 4) return fm_doc_take_block(doc, length);
    if (!fm_doc_charge(doc, length)) return NULL;
    if (length <= doc->bump_left) {
        unsigned char *at = doc->bump;
        doc->bump += length;
        doc->bump_left -= length;
        return at;
    }
    unsigned char *block = new_block(doc, doc->next_bytes_block);
    if (!block) {
        fm_doc_refund(doc, length);
        return NULL;
    }
    doc->bump = block + length;
    doc->bump_left = doc->next_bytes_block - length;
    if (doc->next_bytes_block < LARGEST_BYTES_BLOCK) doc->next_bytes_block *= 2;
    return block;
}
