#include "document_memory.h"
#include "key_hash.h"
#include "key_table.h"

#include <stdlib.h>
#include <string.h>

// The writer of a document's cells (fastmap_document.h): scalars, strings, containers, repeated
// keys dropped, values copied from other documents. It knows no parser; the builders
// (builder*.c) and Swift's code-built values drive it.

/// An open container. Indices count cells from the start of the top-level value being written,
/// which a growing chunk may move (see grow).
typedef struct fm_wframe {
    // The container open at this depth.
    size_t cell;
    uint64_t count;
    uint64_t stamp;          // objects: their keys' stamp in the depth's table (from 1 on)
    uint64_t first_hash;     // objects: their first key's hash, for the table their second key starts
    size_t discard_from;     // where the member being dropped (a duplicate key) starts
    int discard;
    // Kept from object to object at this depth (key_table.h).
    fm_key_table keys;
} fm_wframe;

struct fm_writer {
    fm_doc *doc;
    fm_cell *chunk;     // cells; those before `start` belong to finished values
    size_t capacity;
    size_t start;       // the first cell of the top-level value being written
    size_t count;       // cells in the chunk
    int chunk_kept;     // the chunk holds a finished value: it may no longer move
    fm_block *chunk_block;
    fm_wframe *frames;
    size_t depth;
    size_t frame_capacity;
    const fm_cell *root;  // the last top-level value completed, until taken
    uint64_t seed;        // fm_key_hash's
    uint64_t stamps;      // the last object stamp given out
    int last_value;       // fm_writer_last_value: trim the chunk when the next value completes
};

enum { FIRST_CHUNK_CELLS = 256 };

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

// Makes the chunk hold `cells` cells (at least the open value's): a chunk holding no finished
// value is resized in place (realloc); one that does stays where it is, and the value being
// written moves to a new chunk.
static int resize(fm_writer *w, size_t cells) {
    size_t open = w->count - w->start;
    if (cells > (SIZE_MAX - sizeof(fm_block)) / sizeof(fm_cell)) return 0;
    size_t size = cells * sizeof(fm_cell);
    if (w->chunk_block && !w->chunk_kept) {
        size_t old = w->chunk_block->size;
        fm_block *block = realloc(w->chunk_block, sizeof(fm_block) + size);
        if (!block) return 0;
        w->doc->allocated += size - old;
        block->size = size;
        w->chunk_block = block;
        w->chunk = (fm_cell *)(block + 1);
        w->capacity = cells;
        return 1;
    }
    fm_block *block = malloc(sizeof(fm_block) + size);
    if (!block) return 0;
    w->doc->allocated += sizeof(fm_block) + size;
    block->size = size;
    block->next = NULL;
    fm_cell *cells_at = (fm_cell *)(block + 1);
    if (open) memcpy(cells_at, w->chunk + w->start, open * sizeof(fm_cell));
    if (w->chunk_block) {
        // The old chunk keeps the finished values before `start`.
        w->chunk_block->next = w->doc->blocks;
        w->doc->blocks = w->chunk_block;
    }
    w->chunk_block = block;
    w->chunk = cells_at;
    w->capacity = cells;
    w->count = open;
    w->start = 0;
    w->chunk_kept = 0;
    return 1;
}

static _Thread_local size_t grows;

size_t fm_test_writer_grows(void) { return grows; }

// Room for `needed` more cells, doubling the open value's.
static int grow(fm_writer *w, size_t needed) {
    grows++;
    size_t open = w->count - w->start;
    if (needed > SIZE_MAX / 2 - open) return 0;
    size_t cells = open < FIRST_CHUNK_CELLS / 2 ? FIRST_CHUNK_CELLS : open * 2;
    if (cells < open + needed) cells = (open + needed) * 2;
    return resize(w, cells);
}

void fm_writer_reserve(fm_writer *w, size_t cells) {
    size_t open = w->count - w->start;
    if (w->capacity - w->count < cells && cells <= SIZE_MAX - open) resize(w, open + cells);
}

// Gives the chunk's unused cells back, before any pointer into it is handed out (realloc may
// move it). A whole document's cells then take what they need instead of up to twice that, the
// doubling's slack: canada.json's document 6.45 MB -> 4.93 MB, mesh.json's 2.82 MB -> 1.95 MB.
static void trim(fm_writer *w) {
    size_t old = w->chunk_block->size;
    size_t size = w->count * sizeof(fm_cell);
    fm_block *block = realloc(w->chunk_block, sizeof(fm_block) + size);
    if (!block) return;  // the slack stays; nothing is lost
    w->doc->allocated -= old - size;
    block->size = size;
    w->chunk_block = block;
    w->chunk = (fm_cell *)(block + 1);
    w->capacity = w->count;
}

void fm_writer_last_value(fm_writer *w) { w->last_value = 1; }

fm_doc *fm_writer_document(const fm_writer *w) { return w->doc; }

static inline fm_cell *cell_at(fm_writer *w, size_t index) { return w->chunk + w->start + index; }

// A value has been written in full at the current depth: it counts as its container's member or
// element, is dropped (a duplicate key's), or completes the top-level value.
static inline __attribute__((always_inline)) void value_done(fm_writer *w) {
    if (w->depth == 0) {
        if (w->last_value && w->start == 0 && w->count < w->capacity) trim(w);
        w->root = w->chunk + w->start;
        w->start = w->count;
        w->chunk_kept = 1;
        return;
    }
    fm_wframe *frame = &w->frames[w->depth - 1];
    if (frame->discard) {
        size_t dropped = w->count - (w->start + frame->discard_from);
        fm_doc_refund(w->doc, dropped * sizeof(fm_cell));
        w->count = w->start + frame->discard_from;
        frame->discard = 0;
        return;
    }
    frame->count++;
}

static inline fm_cell *append(fm_writer *w) {
    if (!fm_doc_charge(w->doc, sizeof(fm_cell))) return NULL;
    if (w->count == w->capacity && !grow(w, 1)) {
        fm_doc_refund(w->doc, sizeof(fm_cell));
        return NULL;
    }
    return &w->chunk[w->count++];
}

// A top-level null, true or false: one cell the limit does not count.
static inline fm_cell *append_free(fm_writer *w) {
    if (w->count == w->capacity && !grow(w, 1)) return NULL;
    return &w->chunk[w->count++];
}

static inline __attribute__((always_inline)) int put_scalar(fm_writer *w, uint64_t tag, uint64_t payload) {
    int literal = tag == FM_CELL_NULL || tag == FM_CELL_TRUE || tag == FM_CELL_FALSE;
    fm_cell *cell = literal && w->depth == 0 ? append_free(w) : append(w);
    if (!cell) return FM_WRITE_FAILED;
    cell->tag = tag;
    cell->payload.span = payload;
    value_done(w);
    return FM_WRITE_OK;
}

int fm_writer_null(fm_writer *w) { return put_scalar(w, FM_CELL_NULL, 0); }

int fm_writer_boolean(fm_writer *w, int value) { return put_scalar(w, value ? FM_CELL_TRUE : FM_CELL_FALSE, 0); }

int fm_writer_integer(fm_writer *w, int64_t value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return put_scalar(w, FM_CELL_INTEGER, bits);
}

int fm_writer_unsigned(fm_writer *w, uint64_t value) {
    return put_scalar(w, value > (uint64_t)INT64_MAX ? FM_CELL_UNSIGNED : FM_CELL_INTEGER, value);
}

int fm_writer_real(fm_writer *w, double value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return put_scalar(w, FM_CELL_REAL, bits);
}

// A copy of bytes that are not the document's own text, living as long as the document; NULL
// when out of memory. Apart from put_text, which runs for every string and key, so that its
// common case (the text's own bytes) saves no registers.
static __attribute__((noinline)) const unsigned char *copy_text(fm_writer *w, const unsigned char *bytes,
                                                                size_t length) {
    static const unsigned char empty[1];
    if (!length) return empty;
    unsigned char *copy = fm_doc_take_bytes(w->doc, length);
    if (copy) memcpy(copy, bytes, length);
    return copy;
}

// A cell pointing at `length` bytes: the document's own text, or a copy.
static inline __attribute__((always_inline)) int put_text(fm_writer *w, fm_cell_kind kind,
                                                          const unsigned char *bytes, size_t length, int done) {
    if (length > (UINT64_MAX >> FM_CELL_SIZE_SHIFT)) return FM_WRITE_FAILED;
    const unsigned char *kept = bytes;
    if (!fm_doc_holds_text(w->doc, bytes, length) && !(kept = copy_text(w, bytes, length))) return FM_WRITE_FAILED;
    fm_cell *cell = append(w);
    if (!cell) return FM_WRITE_FAILED;
    cell->tag = (uint64_t)kind | (uint64_t)length << FM_CELL_SIZE_SHIFT;
    cell->payload.bytes = kept;
    if (done) value_done(w);
    return FM_WRITE_OK;
}

int fm_writer_number_text(fm_writer *w, const unsigned char *bytes, size_t length) {
    return put_text(w, FM_CELL_NUMBER, bytes, length, 1);
}

int fm_writer_string(fm_writer *w, const unsigned char *bytes, size_t length) {
    return put_text(w, FM_CELL_STRING, bytes, length, 1);
}

// MARK: Repeated keys

// Whether the open object already has the key; -1 when out of memory. Its first key needs no
// check; with the second, the table of its depth (key_table.h) takes both, and every later one.
// The first key's hash waits in the frame: hashing it again cost citm_catalog.json's parse 1.5%
// of its instructions, and a table for every depth with a one-member object would grow with
// nesting alone.
static int has_key(fm_writer *w, fm_wframe *frame, const unsigned char *bytes, size_t length, uint64_t hash) {
    if (frame->count == 0) {
        frame->first_hash = hash;
        return 0;
    }
    const fm_cell *cells = cell_at(w, 0);
    if (frame->count == 1 && frame->keys.slots) {  // a table of at least 16 slots: room for two
        const fm_cell *first = cells + frame->cell + 1;
        fm_key_table_put(&frame->keys, frame->stamp, cells, frame->cell + 1, first->payload.bytes,
                         fm_cell_size(first), frame->first_hash);
    } else if ((frame->count + 1) * 2 > frame->keys.mask + 1) {  // also without slots (mask 0)
        if (!fm_key_table_rebuild(&frame->keys, w->doc, w->seed, frame->stamp, cells, cells + frame->cell,
                                  w->chunk + w->count, frame->count))
            return -1;
    }
    return fm_key_table_put(&frame->keys, frame->stamp, cells, w->count - w->start, bytes, length, hash);
}

int fm_writer_key(fm_writer *w, const unsigned char *bytes, size_t length) {
    fm_wframe *frame = &w->frames[w->depth - 1];
    uint64_t high;
    uint64_t hash = fm_key_hash_noting_high_bits(w->seed, bytes, length, &high);
    // Only keys that are not all ASCII can equal another key in Swift without its bytes.
    if (high) cell_at(w, frame->cell)->tag |= FM_CELL_NON_ASCII_KEYS;
    int found = has_key(w, frame, bytes, length, hash);
    if (found < 0) return FM_WRITE_FAILED;
    if (found) {
        // The value is written (its events come anyway) and dropped when complete: value_done.
        frame->discard = 1;
        frame->discard_from = w->count - w->start;
        return FM_WRITE_DUPLICATE;
    }
    return put_text(w, FM_CELL_STRING, bytes, length, 0);
}

// MARK: Containers

// Doubles the frames (counted against the document's limit); 0 when out of memory. Out of line:
// start runs for every container, this once per new depth.
static __attribute__((noinline)) int grow_frames(fm_writer *w) {
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

static inline __attribute__((always_inline)) int start(fm_writer *w, fm_cell_kind kind) {
    if (w->depth == w->frame_capacity && !grow_frames(w)) return FM_WRITE_FAILED;
    fm_cell *cell = append(w);
    if (!cell) return FM_WRITE_FAILED;
    cell->tag = kind;
    cell->payload.span = 1;
    fm_wframe *frame = &w->frames[w->depth++];
    frame->cell = w->count - 1 - w->start;
    frame->count = 0;
    frame->stamp = kind == FM_CELL_OBJECT ? ++w->stamps : 0;
    frame->discard = 0;
    return FM_WRITE_OK;
}

int fm_writer_start_object(fm_writer *w) { return start(w, FM_CELL_OBJECT); }

int fm_writer_start_array(fm_writer *w) { return start(w, FM_CELL_ARRAY); }

int fm_writer_end(fm_writer *w) {
    fm_wframe *frame = &w->frames[--w->depth];
    if (frame->count > FM_CELL_MAX_COUNT) return FM_WRITE_FAILED;
    fm_cell *cell = cell_at(w, frame->cell);
    cell->tag |= frame->count << FM_CELL_SIZE_SHIFT;
    cell->payload.span = w->count - w->start - frame->cell;
    value_done(w);
    return FM_WRITE_OK;
}

void fm_writer_mark(fm_writer *w, uint32_t mark) {
    if (w->depth == 0 || mark > FM_CELL_MAX_MARK) return;
    fm_cell *cell = cell_at(w, w->frames[w->depth - 1].cell);
    cell->tag = (cell->tag & ~(~0ULL << FM_CELL_MARK_SHIFT)) | (uint64_t)mark << FM_CELL_MARK_SHIFT;
}

int fm_writer_copy(fm_writer *w, const fm_cell *value) {
    size_t cells = (size_t)(fm_cell_next(value) - value);
    if (cells > SIZE_MAX / sizeof(fm_cell) || !fm_doc_charge(w->doc, cells * sizeof(fm_cell))) return FM_WRITE_FAILED;
    if (w->capacity - w->count < cells && !grow(w, cells)) {
        fm_doc_refund(w->doc, cells * sizeof(fm_cell));
        return FM_WRITE_FAILED;
    }
    memcpy(w->chunk + w->count, value, cells * sizeof(fm_cell));
    w->count += cells;
    value_done(w);
    return FM_WRITE_OK;
}

const fm_cell *fm_writer_take_root(fm_writer *w) {
    const fm_cell *root = w->depth == 0 ? w->root : NULL;
    w->root = NULL;
    return root;
}

void fm_writer_abandon(fm_writer *w) {
    free_tables(w);
    fm_doc_refund(w->doc, (w->count - w->start) * sizeof(fm_cell));
    w->depth = 0;
    w->count = w->start;
    w->root = NULL;
}
