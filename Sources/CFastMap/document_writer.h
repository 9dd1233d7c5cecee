#ifndef FASTMAP_DOCUMENT_WRITER_H
#define FASTMAP_DOCUMENT_WRITER_H

// The document writer's state and its per-cell steps (document_writer.c), inline for the one
// caller that writes a whole parsed document cell by cell: the walk over simdjson's index (walk.c).
// Everyone else calls the functions of fastmap_document.h, which are these steps out of line.
// Private to CFastMap.

#include "document_memory.h"
#include "internal.h"
#include "key_hash.h"
#include "key_table.h"

#include <string.h>

/// An open container. Indices count words (fastmap_document.h) from the start of the top-level
/// value being written, which a growing chunk may move (see fm_writer_grow).
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
    uint64_t *chunk;    // the cells' words; those before `start` belong to finished values
    size_t capacity;    // in words, as are `start` and `count`
    size_t start;       // the first word of the top-level value being written
    size_t count;       // words in the chunk
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

// The slow steps, out of line: room for `needed` more words (0 when out of memory); the chunk
// trimmed to its words; a copy of bytes that are not the document's text (NULL when out of
// memory); room for one more frame (0 when out of memory).
int fm_writer_grow(fm_writer *w, size_t needed);
void fm_writer_trim(fm_writer *w);
const unsigned char *fm_writer_copy_text(fm_writer *w, const unsigned char *bytes, size_t length);
int fm_writer_grow_frames(fm_writer *w);

/// The cell `index` words into the top-level value being written.
static inline fm_cell *fm_writer_cell_at(fm_writer *w, size_t index) {
    return (fm_cell *)(w->chunk + w->start + index);
}

/// A value has been written in full at the current depth: it counts as its container's member
/// or element, is dropped (a duplicate key's), or completes the top-level value.
static inline __attribute__((always_inline)) void fm_writer_value_done(fm_writer *w) {
    if (w->depth == 0) {
        if (w->last_value && w->start == 0 && w->count < w->capacity) fm_writer_trim(w);
        w->root = (const fm_cell *)(w->chunk + w->start);
        w->start = w->count;
        w->chunk_kept = 1;
        return;
    }
    fm_wframe *frame = &w->frames[w->depth - 1];
    if (frame->discard) {
        size_t dropped = w->count - (w->start + frame->discard_from);
        fm_doc_refund(w->doc, dropped * FM_CELL_WORD);
        w->count = w->start + frame->discard_from;
        frame->discard = 0;
        return;
    }
    frame->count++;
}

/// Room for a cell of `words` words (1 or 2), charged.
static inline __attribute__((always_inline)) fm_cell *fm_writer_append(fm_writer *w, size_t words) {
    if (!fm_doc_charge(w->doc, words * FM_CELL_WORD)) return NULL;
    if (w->capacity - w->count < words && !fm_writer_grow(w, words)) {
        fm_doc_refund(w->doc, words * FM_CELL_WORD);
        return NULL;
    }
    fm_cell *cell = (fm_cell *)(w->chunk + w->count);
    w->count += words;
    return cell;
}

// Room for a two-word cell the limit does not count: a top-level null, true or false, and a
// string or key of the walk (fm_writer_put_held_text).
static inline __attribute__((always_inline)) fm_cell *fm_writer_append_free(fm_writer *w) {
    if (w->capacity - w->count < 2 && !fm_writer_grow(w, 2)) return NULL;
    fm_cell *cell = (fm_cell *)(w->chunk + w->count);
    w->count += 2;
    return cell;
}

/// A scalar cell of `tag` (a kind) and `payload`.
static inline __attribute__((always_inline)) int fm_writer_put_scalar(fm_writer *w, uint64_t tag, uint64_t payload) {
    int literal = tag == FM_CELL_NULL || tag == FM_CELL_TRUE || tag == FM_CELL_FALSE;
    fm_cell *cell = literal && w->depth == 0 ? fm_writer_append_free(w) : fm_writer_append(w, 2);
    if (!cell) return FM_WRITE_FAILED;
    cell->tag = tag;
    cell->payload.span = payload;
    fm_writer_value_done(w);
    return FM_WRITE_OK;
}

/// A short cell (FM_CELL_SHORT): its tag word alone.
static inline __attribute__((always_inline)) int fm_writer_put_short(fm_writer *w, uint64_t tag) {
    fm_cell *cell = fm_writer_append(w, 1);
    if (!cell) return FM_WRITE_FAILED;
    cell->tag = tag | FM_CELL_SHORT;
    fm_writer_value_done(w);
    return FM_WRITE_OK;
}

/// An integer cell: short when the value fits one (FM_CELL_SHORT_INTEGER_LIMIT).
static inline __attribute__((always_inline)) int fm_writer_put_integer(fm_writer *w, int64_t value) {
    if (value >= -FM_CELL_SHORT_INTEGER_LIMIT && value < FM_CELL_SHORT_INTEGER_LIMIT)
        return fm_writer_put_short(w, FM_CELL_INTEGER | (uint64_t)value << FM_CELL_SIZE_SHIFT);
    return fm_writer_put_scalar(w, FM_CELL_INTEGER, (uint64_t)value);
}

/// A cell of `kind` pointing at `length` bytes: the document's own text (moved to the front of it
/// in a packing document), or a copy. `done`: the cell is a whole value (a string or number,
/// not a key).
static inline __attribute__((always_inline)) int fm_writer_put_text(fm_writer *w, fm_cell_kind kind,
                                                                    const unsigned char *bytes, size_t length,
                                                                    int done) {
    if (length > (UINT64_MAX >> FM_CELL_SIZE_SHIFT)) return FM_WRITE_FAILED;
    const unsigned char *kept = bytes;
    if (fm_doc_holds_text(w->doc, bytes, length)) {
        if (w->doc->kept_end) kept = fm_doc_pack_bytes(w->doc, bytes, length);
    } else if (!(kept = fm_writer_copy_text(w, bytes, length))) {
        return FM_WRITE_FAILED;
    }
    fm_cell *cell = fm_writer_append(w, 2);
    if (!cell) return FM_WRITE_FAILED;
    cell->tag = (uint64_t)kind | (uint64_t)length << FM_CELL_SIZE_SHIFT;
    cell->payload.bytes = kept;
    if (done) fm_writer_value_done(w);
    return FM_WRITE_OK;
}

/// fm_writer_put_text for bytes in the document's own copy of its text, in a document without a
/// memory limit: the simdjson walk's strings and keys (fm_walk_document takes no other document).
/// It neither asks where the bytes lie nor counts the cell against a limit. Those two steps for
/// every string and key were 6.6% of twitter.json's parse instructions; without them its parse
/// ran at 1,850-1,930 MB/s against 1,710-1,790 (github_events.json +8%, gsoc-2018.json +6%).
static inline __attribute__((always_inline)) int fm_writer_put_held_text(fm_writer *w, fm_cell_kind kind,
                                                                         const unsigned char *bytes, size_t length,
                                                                         int done) {
    const unsigned char *kept = w->doc->kept_end ? fm_doc_pack_bytes(w->doc, bytes, length) : bytes;
    fm_cell *cell = fm_writer_append_free(w);
    if (!cell) return FM_WRITE_FAILED;
    cell->tag = (uint64_t)kind | (uint64_t)length << FM_CELL_SIZE_SHIFT;
    cell->payload.bytes = kept;
    if (done) fm_writer_value_done(w);
    return FM_WRITE_OK;
}

// Whether the open object already has the key; -1 when out of memory. Its first key needs no
// check; with the second, the table of its depth (key_table.h) takes both, and every later one.
// The first key's hash waits in the frame: hashing it again cost citm_catalog.json's parse 1.5%
// of its instructions, and a table for every depth with a one-member object would grow with
// nesting alone.
static inline __attribute__((always_inline)) int fm_writer_has_key(fm_writer *w, fm_wframe *frame,
                                                                   const unsigned char *bytes, size_t length,
                                                                   uint64_t hash) {
    if (frame->count == 0) {
        frame->first_hash = hash;
        return 0;
    }
    const uint64_t *words = w->chunk + w->start;
    if (frame->count == 1 && frame->keys.slots) {  // a table of at least 16 slots: room for two
        const fm_cell *first = (const fm_cell *)(words + frame->cell + 2);  // after the object's cell
        fm_key_table_put(&frame->keys, frame->stamp, words, frame->cell + 2, first->payload.bytes,
                         fm_cell_size(first), frame->first_hash);
    } else if ((frame->count + 1) * 2 > frame->keys.mask + 1) {  // also without slots (mask 0)
        if (!fm_key_table_rebuild(&frame->keys, w->doc, w->seed, frame->stamp, words,
                                  (const fm_cell *)(words + frame->cell), (const fm_cell *)(w->chunk + w->count),
                                  frame->count))
            return -1;
    }
    return fm_key_table_put(&frame->keys, frame->stamp, words, w->count - w->start, bytes, length, hash);
}

/// A number token whose shape fm_json_number_shape told (not FM_NUMBER_INVALID): an integer that
/// fits Int64 or UInt64 gets its value; a decimal its digits (`magnitude`) and their layout;
/// anything else keeps its text, as Foundation keeps it (readers convert it:
/// fm_number_cell_double, Decimal, the text itself). `-0` keeps its text too: it reads as the
/// double -0.0, as in Foundation. The builder's numbers and the walk's.
static inline __attribute__((always_inline)) int fm_writer_put_number(fm_writer *w, const char *text, size_t length,
                                                                      fm_number_shape shape, uint64_t magnitude,
                                                                      unsigned fraction) {
    if (shape == FM_NUMBER_DECIMAL) {
        uint64_t negative = text[0] == '-';
        uint64_t digits = length - negative - 1;  // less the sign and the point
        uint64_t tag = FM_CELL_DECIMAL | (uint64_t)fraction << FM_CELL_FRACTION_SHIFT |
                       digits << FM_CELL_DIGITS_SHIFT | negative << FM_CELL_NEGATIVE_SHIFT;
        if (magnitude < FM_CELL_SHORT_DIGITS_LIMIT)
            return fm_writer_put_short(w, tag | magnitude << FM_CELL_SHORT_DIGITS_SHIFT);
        return fm_writer_put_scalar(w, tag, magnitude);
    }
    if (shape == FM_NUMBER_INTEGER) {
        if (text[0] != '-')
            return magnitude > (uint64_t)INT64_MAX ? fm_writer_put_scalar(w, FM_CELL_UNSIGNED, magnitude)
                                                   : fm_writer_put_integer(w, (int64_t)magnitude);
        // Two's complement: 0 - magnitude is the negative integer's bits, INT64_MIN included.
        if (magnitude != 0 && magnitude <= (uint64_t)INT64_MAX + 1)
            return fm_writer_put_integer(w, (int64_t)((uint64_t)0 - magnitude));
    }
    return fm_writer_put_text(w, FM_CELL_NUMBER, (const unsigned char *)text, length, 1);
}

/// fm_writer_key, inline. `held`: the key's bytes lie in the document's own text, in a document
/// without a memory limit (fm_writer_put_held_text).
static inline __attribute__((always_inline)) int fm_writer_put_key(fm_writer *w, const unsigned char *bytes,
                                                                   size_t length, int held) {
    fm_wframe *frame = &w->frames[w->depth - 1];
    uint64_t high;
    uint64_t hash = fm_key_hash_noting_high_bits(w->seed, bytes, length, &high);
    // Only keys that are not all ASCII can equal another key in Swift without its bytes.
    if (high) fm_writer_cell_at(w, frame->cell)->tag |= FM_CELL_NON_ASCII_KEYS;
    int found = fm_writer_has_key(w, frame, bytes, length, hash);
    if (found < 0) return FM_WRITE_FAILED;
    if (found) {
        // The value is written (its events come anyway) and dropped when complete: value_done.
        frame->discard = 1;
        frame->discard_from = w->count - w->start;
        return FM_WRITE_DUPLICATE;
    }
    return held ? fm_writer_put_held_text(w, FM_CELL_STRING, bytes, length, 0)
                : fm_writer_put_text(w, FM_CELL_STRING, bytes, length, 0);
}

/// fm_writer_start_object and fm_writer_start_array, inline.
static inline __attribute__((always_inline)) int fm_writer_open(fm_writer *w, fm_cell_kind kind) {
    if (w->depth == w->frame_capacity && !fm_writer_grow_frames(w)) return FM_WRITE_FAILED;
    fm_cell *cell = fm_writer_append(w, 2);
    if (!cell) return FM_WRITE_FAILED;
    cell->tag = kind;
    cell->payload.span = 2;
    fm_wframe *frame = &w->frames[w->depth++];
    frame->cell = w->count - 2 - w->start;
    frame->count = 0;
    frame->stamp = kind == FM_CELL_OBJECT ? ++w->stamps : 0;
    frame->discard = 0;
    return FM_WRITE_OK;
}

/// fm_writer_end, inline.
static inline __attribute__((always_inline)) int fm_writer_close(fm_writer *w) {
    fm_wframe *frame = &w->frames[--w->depth];
    if (frame->count > FM_CELL_MAX_COUNT) return FM_WRITE_FAILED;
    fm_cell *cell = fm_writer_cell_at(w, frame->cell);
    cell->tag |= frame->count << FM_CELL_SIZE_SHIFT;
    cell->payload.span = w->count - w->start - frame->cell;
    fm_writer_value_done(w);
    return FM_WRITE_OK;
}

#endif
