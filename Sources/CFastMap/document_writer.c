#include "document_writer.h"

#include <stdlib.h>
#include <string.h>

// The writer of a document's cells (fastmap_document.h): scalars, strings, containers, repeated
// keys dropped, values copied from other documents. It knows no parser; the builders
// (builder*.c) and Swift's code-built values drive it. Its state and per-cell steps are in
// document_writer.h.

enum { FIRST_CHUNK_WORDS = 512 };

fm_writer *fm_writer_create(fm_doc *doc) {
    fm_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->doc = doc;
    w->seed = fm_key_seed();
    return w;
}

static void free_tables(fm_writer *w) {
    for (size_t i = 0; i < w->frame_capacity; i++) fm_key_table_free(&w->frames[i].keys, w->doc);
}

// Hands the chunk to the document's block list (when it holds finished values) or frees it.
static void release_chunk(fm_writer *w) {
    if (!w->chunk_block) return;
    if (w->chunk_kept) {
        w->chunk_block->next = w->doc->blocks;
        w->doc->blocks = w->chunk_block;
    } else {
        w->doc->allocated -= sizeof(fm_block) + w->chunk_block->size;
        free(w->chunk_block);
    }
    w->chunk_block = NULL;
    w->chunk = NULL;
    w->capacity = w->count = w->start = 0;
    w->chunk_kept = 0;
}

void fm_writer_free(fm_writer *w) {
    if (!w) return;
    free_tables(w);
    fm_doc_refund(w->doc, w->frame_capacity * sizeof(fm_wframe));
    free(w->frames);
    release_chunk(w);
    free(w);
}

// Makes the chunk hold `words` words (at least the open value's): a chunk holding no finished
// value is resized in place (realloc); one that does stays where it is, and the value being
// written moves to a new chunk.
static int resize(fm_writer *w, size_t words) {
    size_t open = w->count - w->start;
    if (words > (SIZE_MAX - sizeof(fm_block)) / FM_CELL_WORD) return 0;
    size_t size = words * FM_CELL_WORD;
    if (w->chunk_block && !w->chunk_kept) {
        size_t old = w->chunk_block->size;
        fm_block *block = realloc(w->chunk_block, sizeof(fm_block) + size);
        if (!block) return 0;
        w->doc->allocated += size - old;
        block->size = size;
        w->chunk_block = block;
        w->chunk = (uint64_t *)(block + 1);
        w->capacity = words;
        return 1;
    }
    fm_block *block = malloc(sizeof(fm_block) + size);
    if (!block) return 0;
    w->doc->allocated += sizeof(fm_block) + size;
    block->size = size;
    block->next = NULL;
    uint64_t *words_at = (uint64_t *)(block + 1);
    if (open) memcpy(words_at, w->chunk + w->start, open * FM_CELL_WORD);
    if (w->chunk_block) {
        // The old chunk keeps the finished values before `start`.
        w->chunk_block->next = w->doc->blocks;
        w->doc->blocks = w->chunk_block;
    }
    w->chunk_block = block;
    w->chunk = words_at;
    w->capacity = words;
    w->count = open;
    w->start = 0;
    w->chunk_kept = 0;
    return 1;
}

static _Thread_local size_t grows;

size_t fm_test_writer_grows(void) { return grows; }

// Room for `needed` more words, doubling the open value's.
int fm_writer_grow(fm_writer *w, size_t needed) {
    grows++;
    size_t open = w->count - w->start;
    if (needed > SIZE_MAX / 2 - open) return 0;
    size_t words = open < FIRST_CHUNK_WORDS / 2 ? FIRST_CHUNK_WORDS : open * 2;
    if (words < open + needed) words = (open + needed) * 2;
    return resize(w, words);
}

static void reserve_words(fm_writer *w, size_t words) {
    size_t open = w->count - w->start;
    if (w->capacity - w->count < words && words <= SIZE_MAX - open) resize(w, open + words);
}

void fm_writer_reserve(fm_writer *w, size_t cells) { reserve_words(w, cells > SIZE_MAX / 2 ? SIZE_MAX : cells * 2); }

// Gives the chunk's unused words back, before any pointer into it is handed out (realloc may
// move it). A whole document's cells then take what they need instead of up to twice that, the
// doubling's slack: canada.json's document 6.45 MB -> 4.93 MB, mesh.json's 2.82 MB -> 1.95 MB.
void fm_writer_trim(fm_writer *w) {
    size_t old = w->chunk_block->size;
    size_t size = w->count * FM_CELL_WORD;
    fm_block *block = realloc(w->chunk_block, sizeof(fm_block) + size);
    if (!block) return;  // the slack stays; nothing is lost
    w->doc->allocated -= old - size;
    block->size = size;
    w->chunk_block = block;
    w->chunk = (uint64_t *)(block + 1);
    w->capacity = w->count;
}

void fm_writer_last_value(fm_writer *w) { w->last_value = 1; }

fm_doc *fm_writer_document(const fm_writer *w) { return w->doc; }
int fm_writer_null(fm_writer *w) { return fm_writer_put_scalar(w, FM_CELL_NULL, 0); }

int fm_writer_boolean(fm_writer *w, int value) {
    return fm_writer_put_scalar(w, value ? FM_CELL_TRUE : FM_CELL_FALSE, 0);
}

int fm_writer_integer(fm_writer *w, int64_t value) { return fm_writer_put_integer(w, value); }

int fm_writer_unsigned(fm_writer *w, uint64_t value) {
    return value > (uint64_t)INT64_MAX ? fm_writer_put_scalar(w, FM_CELL_UNSIGNED, value)
                                       : fm_writer_put_integer(w, (int64_t)value);
}

int fm_writer_real(fm_writer *w, double value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return fm_writer_put_scalar(w, FM_CELL_REAL, bits);
}

// Apart from fm_writer_put_text, which runs for every string and key, so that its common case
// (the text's own bytes) saves no registers.
__attribute__((noinline)) const unsigned char *fm_writer_copy_text(fm_writer *w, const unsigned char *bytes,
                                                                  size_t length) {
    static const unsigned char empty[1];
    if (!length) return empty;
    unsigned char *copy = fm_doc_take_bytes(w->doc, length);
    if (copy) memcpy(copy, bytes, length);
    return copy;
}

int fm_writer_number_text(fm_writer *w, const unsigned char *bytes, size_t length) {
    return fm_writer_put_text(w, FM_CELL_NUMBER, bytes, length, 1);
}

int fm_writer_string(fm_writer *w, const unsigned char *bytes, size_t length) {
    return fm_writer_put_text(w, FM_CELL_STRING, bytes, length, 1);
}

int fm_writer_key(fm_writer *w, const unsigned char *bytes, size_t length) {
    return fm_writer_put_key(w, bytes, length, 0);
}

// MARK: Containers

// Doubles the frames (counted against the document's limit). Out of line: opening runs for
// every container, this once per new depth.
__attribute__((noinline)) int fm_writer_grow_frames(fm_writer *w) {
    size_t capacity = w->frame_capacity ? w->frame_capacity * 2 : 16;
    if (capacity > SIZE_MAX / sizeof(fm_wframe) ||
        !fm_doc_charge(w->doc, (capacity - w->frame_capacity) * sizeof(fm_wframe)))
        return 0;
    fm_wframe *frames = realloc(w->frames, capacity * sizeof(fm_wframe));
    if (!frames) {
        fm_doc_refund(w->doc, (capacity - w->frame_capacity) * sizeof(fm_wframe));
        return 0;
    }
    memset(frames + w->frame_capacity, 0, (capacity - w->frame_capacity) * sizeof(fm_wframe));
    w->frames = frames;
    w->frame_capacity = capacity;
    return 1;
}

int fm_writer_start_object(fm_writer *w) { return fm_writer_open(w, FM_CELL_OBJECT); }

int fm_writer_start_array(fm_writer *w) { return fm_writer_open(w, FM_CELL_ARRAY); }

int fm_writer_end(fm_writer *w) { return fm_writer_close(w); }

void fm_writer_mark(fm_writer *w, uint32_t mark) {
    if (w->depth == 0 || mark > FM_CELL_MAX_MARK) return;
    fm_cell *cell = fm_writer_cell_at(w, w->frames[w->depth - 1].cell);
    cell->tag = (cell->tag & ~(~0ULL << FM_CELL_MARK_SHIFT)) | (uint64_t)mark << FM_CELL_MARK_SHIFT;
}

int fm_writer_copy(fm_writer *w, const fm_cell *value) {
    size_t words = fm_cell_words(value, fm_cell_next(value));
    if (words > SIZE_MAX / FM_CELL_WORD || !fm_doc_charge(w->doc, words * FM_CELL_WORD)) return FM_WRITE_FAILED;
    if (w->capacity - w->count < words && !fm_writer_grow(w, words)) {
        fm_doc_refund(w->doc, words * FM_CELL_WORD);
        return FM_WRITE_FAILED;
    }
    memcpy(w->chunk + w->count, value, words * FM_CELL_WORD);
    w->count += words;
    fm_writer_value_done(w);
    return FM_WRITE_OK;
}

int fm_writer_copy_owned(fm_writer *w, const fm_cell *value) {
    const fm_cell *end = fm_cell_next(value);
    size_t words = fm_cell_words(value, end), length = 0;
    for (const fm_cell *cell = value; cell < end; cell = fm_cell_after(cell))
        if (fm_cell_points_at_bytes(cell)) length += (size_t)fm_cell_size(cell);
    // Exactly the room the copy takes: one run of cells, one block of bytes.
    reserve_words(w, words);
    unsigned char *bytes = fm_doc_take_block(w->doc, length);
    if (!bytes || fm_writer_copy(w, value) != FM_WRITE_OK) return FM_WRITE_FAILED;
    const fm_cell *copy_end = (const fm_cell *)(w->chunk + w->count);
    for (fm_cell *copy = (fm_cell *)(w->chunk + w->count - words); copy < copy_end;
         copy = (fm_cell *)fm_cell_after(copy)) {
        if (!fm_cell_points_at_bytes(copy)) continue;
        size_t size = (size_t)fm_cell_size(copy);
        if (size) memcpy(bytes, copy->payload.bytes, size);
        copy->payload.bytes = bytes;
        bytes += size;
    }
    return FM_WRITE_OK;
}

const fm_cell *fm_writer_take_root(fm_writer *w) {
    const fm_cell *root = w->depth == 0 ? w->root : NULL;
    w->root = NULL;
    return root;
}

void fm_writer_abandon(fm_writer *w) {
    free_tables(w);
    fm_doc_refund(w->doc, (w->count - w->start) * FM_CELL_WORD);
    w->depth = 0;
    w->count = w->start;
    w->root = NULL;
}
