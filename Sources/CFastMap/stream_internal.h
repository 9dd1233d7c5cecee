#ifndef FASTMAP_STREAM_INTERNAL_H
#define FASTMAP_STREAM_INTERNAL_H

// The streaming parser's state, shared by its files. Private to CFastMap: not under include/.
//
//   stream.c           the public API: create, feed (batches, byte order mark), finish, queue
//   stream_position.c  positions, raw string tokens across pieces, stream failures
//   stream_element.c   element assembly: the documents elements are written to, the queue of items
//   stream_array.c     array mode: the yajl event state machine (path, then elements)
//   stream_lines.c     lines mode: one value per line
//   stream_simdjson.c  array mode: runs of whole elements read by simdjson instead of yajl
//   stream_commas.c    array mode: the commas between elements, where those runs start and end
//   stream_lines_simdjson.c  lines mode: runs of whole lines read by simdjson
//   stream_sparse.c    sparse elements: the schema the builder filters with

#include "builder.h"
#include "fastmap_simdjson.h"
#include "fastmap_stream.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Element-by-element parsing of huge inputs (see fastmap_stream.h).
//
// Array mode runs one yajl handle over the whole input. Until the target array opens, events
// only steer along the path (everything off the path is skipped, its strings still checked).
// Inside the array, each element's events go to an fm_builder, which writes its cells into the
// stream's current document (fastmap_document.h); a finished element is queued.
// An element that breaks a builder rule (bad UTF-8, lone surrogate, number out of range, too
// deep) is queued as a failure and parsing goes on, since the grammar is intact. Grammar
// errors end the stream: yajl cannot resynchronise.
//
// Lines mode splits the input on '\n' and parses each non-blank line as one value with a
// reused yajl handle, so a bad line costs only itself.

enum {
    PIECE = 16 * 1024,       // bytes per yajl_parse call: bounds the elements one call can queue
    BATCH = 256,             // a feed returns once this many elements are queued
    DOC_SPAN = 16 * 1024,    // input bytes whose elements share one document (without a memory limit)
};

enum phase { SEEK, ELEMENTS, AFTER };

enum event {
    EV_NULL,
    EV_BOOL,
    EV_NUMBER,
    EV_STRING,
    EV_KEY,
    EV_START_MAP,
    EV_START_ARRAY,
    EV_END_MAP,
    EV_END_ARRAY,
};

typedef struct nav_frame {
    int is_map;
    size_t next_index;  // arrays: index of the next element
    int key_matches;    // maps: the pending key is the path's key
    int consumed;       // maps: the path's key was seen (the first occurrence wins)
} nav_frame;

/// Lines mode: one line of a window, in the window's text (`start`, `length`) and in the input.
typedef struct fm_window_line {
    size_t start, length;
    size_t offset;  // absolute offset of the line's first byte
    size_t number;  // 1-based line number
} fm_window_line;

struct fm_stream {
    int mode;
    size_t max_depth;
    fm_stream_step *path;
    size_t path_count;
    char *path_keys;

    yajl_handle handle;
    fm_builder builder;
    fm_parse_error scratch;  // where the builder records its errors

    fm_stream_item *items;
    size_t item_count, item_capacity;
    fm_parse_error *errors;
    size_t error_count, error_capacity;
    size_t next_index;

    fm_stream_failure failure;
    int failed, finished;

    // The bytes yajl is parsing, and their absolute position.
    const unsigned char *input;
    size_t input_length;
    size_t base;
    size_t total;  // bytes taken so far
    size_t last_end;  // absolute offset just after the token of the latest yajl callback

    // Array mode: the bytes of a string token that began in an earlier piece, from its
    // opening quote on. Lines mode: the start of a line that has no '\n' yet.
    unsigned char *carry;
    size_t carry_length, carry_capacity, carry_start;

    // Array mode: the number or literal token that may run on past the end of the latest piece
    // yajl parsed cleanly: where it starts, and where that piece ended (0: none). yajl reports a
    // parse error on a token at the token's start, but at the start of the piece when the token
    // began in an earlier one (see fm_stream_yajl_failure).
    size_t tail_token_start, tail_token_end;
    int tail_token_state;  // where in its grammar the token was at tail_token_end (stream_position.c)
    char tail_literal[8];  // a literal's letters so far (up to 6), to tell it from a lexical error
    size_t tail_literal_length;
    // Array mode: what yajl expects next, from its events: the kind of each open container
    // (1: object), and whether the latest event was a member's value (yajl then wants ',' or '}').
    unsigned char *open_kinds;
    size_t open_kinds_count, open_kinds_capacity;
    int after_member_value;

    // Newlines counted so far (array mode), for line and column numbers.
    size_t scan_at, scan_lines, scan_line_start;

    // Array mode: where the events are.
    int phase;
    nav_frame *nav;
    size_t nav_count;
    size_t skip_depth;  // containers open inside a skipped value
    size_t doc_depth;   // containers open in the whole document
    int root_done;      // the document's root has closed (at root_end, absolute)
    size_t root_end;

    // The element being built.
    size_t element_offset, element_line, element_column;
    int element_failed;
    size_t fail_depth;  // containers of a failed element still to close
    fm_parse_error pending;

    size_t line_number;  // lines mode: lines started so far

    // Documents (stream_element.c). Elements are written to `doc`, the document the builder's
    // writer is bound to (all of an element in one document); a new one starts at an element
    // that begins DOC_SPAN bytes or more after `doc_start`, or at every element when there is a
    // memory limit. The stream owns `doc` until an item written in it is handed over by
    // fm_stream_clear (`doc_handed`; the stream may go on writing later elements into it), and
    // every other document a queued item names, from item `handed_items` on (the items before
    // it may name the document handed over last, which the caller owns).
    fm_doc *doc;
    size_t doc_start;
    size_t doc_items;     // items written in `doc` and not handed over yet
    int doc_handed;
    size_t handed_items;
    // The memory limit of each element (SIZE_MAX: none): the limit of its document.
    size_t memory_limit;

    // A UTF-8 byte order mark at the very start is skipped, as JSONDecoder does.
    int mark_decided;
    size_t mark_held;  // bytes of a possible mark seen so far

    // Array mode with simdjson windows (stream_simdjson.c): whether they are on, whether yajl
    // has just taken a comma between elements (a window may start), the absolute offset up to
    // which yajl reads what a window gave back, and the window's decoded strings.
    int use_simdjson;
    int fast_clean;
    size_t fast_resume;
    fm_string_scratch fast_scratch;
    size_t window_elements;  // elements queued from windows
    // Lines mode: a window's text (lines joined by commas) and its line table.
    unsigned char *line_text;
    size_t line_text_capacity;
    fm_window_line *window_lines;
    size_t window_line_capacity;

    // Sparse elements (stream_sparse.c): the schema the builder filters with, when it does.
    fm_sparse_schema sparse_schema;
};

// MARK: - Small helpers

static inline int reserve(void **buffer, size_t *capacity, size_t needed, size_t size) {
    if (needed <= *capacity) return 1;
    size_t grown = *capacity ? *capacity * 2 : 64;
    while (grown < needed) grown *= 2;
    void *bigger = realloc(*buffer, grown * size);
    if (!bigger) return 0;
    *buffer = bigger;
    *capacity = grown;
    return 1;
}

static inline int carry_append(fm_stream *s, const unsigned char *bytes, size_t length) {
    if (!reserve((void **)&s->carry, &s->carry_capacity, s->carry_length + length, 1)) return 0;
    memcpy(s->carry + s->carry_length, bytes, length);
    s->carry_length += length;
    return 1;
}

static inline void trim_message(char *message) {
    size_t n = strlen(message);
    while (n > 0 && (message[n - 1] == '\n' || message[n - 1] == ' ')) message[--n] = '\0';
}

// The bytes being read now (by yajl, or a simdjson window) and their absolute position.
static inline void fm_stream_set_input(fm_stream *s, const unsigned char *bytes, size_t length) {
    s->input = bytes;
    s->input_length = length;
    s->base = s->total;
    s->builder.input = bytes;
    s->builder.input_length = length;
    s->builder.offset_base = s->base;
}

static inline size_t consumed_end(fm_stream *s) { return s->base + yajl_get_bytes_consumed(s->handle); }

// MARK: - Positions and failures (stream_position.c)

/// Counts the newlines of the current input up to `offset` (absolute, not before scan_at).
void fm_stream_advance_scan(fm_stream *s, size_t offset);
/// Line and column of an absolute offset.
void fm_stream_locate(fm_stream *s, size_t offset, size_t *line, size_t *column);
/// Absolute offset of the first byte of the value token yajl has just reported.
size_t fm_stream_token_start(fm_stream *s, int ev, size_t length, int flag);
/// The builder's raw_lookup in array mode.
int fm_stream_raw_lookup(fm_builder *b, const unsigned char **raw, size_t *raw_length,
                         size_t *raw_offset, unsigned char **owned);
/// After a piece parsed cleanly: keeps the start of a string token that is still open.
int fm_stream_keep_carry(fm_stream *s);
/// After a piece parsed cleanly: keep where a number or literal token at its end starts.
void fm_stream_keep_tail_token(fm_stream *s);
/// Follows yajl's event `ev` (see fm_stream.after_member_value). Returns 0 when out of memory.
int fm_stream_follow_event(fm_stream *s, int ev);
/// Ends the stream with its first failure (later ones are ignored). Returns 0.
int fm_stream_fail(fm_stream *s, int kind, size_t offset, const char *message);
int fm_stream_fail_out_of_memory(fm_stream *s);
int fm_stream_fail_from_scratch(fm_stream *s);
void fm_stream_yajl_failure(fm_stream *s);

// MARK: - Elements (stream_element.c)

/// At the start of an element beginning at absolute `offset` (nothing of an element open):
/// moves the builder's writer to a new document when this element starts one. Returns 0 after
/// failing the stream when out of memory.
int fm_stream_begin_element(fm_stream *s, size_t offset);
/// Queues the element the builder has just completed (its root). Returns 0 after failing the
/// stream when out of memory.
int fm_stream_complete_element(fm_stream *s);
/// Queues the failed element (s->pending). Returns 0 after failing the stream when out of memory.
int fm_stream_complete_failed(fm_stream *s);
/// Turns the builder's error into the pending failure of the current element and drops what
/// the element wrote.
void fm_stream_take_element_error(fm_stream *s);
/// fm_stream_clear: the caller takes over every document the queued items name.
void fm_stream_hand_over_documents(fm_stream *s);
/// fm_stream_free: frees the builder (its writer first, as that releases cells into `doc`),
/// then every document the stream still owns.
void fm_stream_free_documents(fm_stream *s);

// MARK: - simdjson windows (stream_simdjson.c)

/// The length of the next yajl piece of array mode: up to PIECE bytes, cut just after a comma
/// between elements when simdjson windows are on (*ends_at_comma says so).
size_t fm_stream_piece_length(fm_stream *s, const unsigned char *bytes, size_t length, int *ends_at_comma);
/// After a yajl piece: whether a window may start where it ended.
void fm_stream_after_piece(fm_stream *s, int ended_at_comma);
/// Reads the whole elements at the start of `bytes` with simdjson; returns the bytes taken (0:
/// yajl reads on; the stream's own state says from where a window may start again).
size_t fm_stream_read_window(fm_stream *s, const unsigned char *bytes, size_t length);

/// What to restore to drop an element a window started.
typedef struct fm_window_mark {
    size_t item_count, next_index, doc_items;
} fm_window_mark;

/// One walk of a window's elements into the stream's queue.
typedef struct fm_window_walk {
    fm_stream *s;
    size_t base;                  // array mode: absolute offset of the window's first byte
    const fm_window_line *lines;  // lines mode: element k must start in lines[k]
    size_t line_count;
    size_t announced;     // elements started
    size_t start;         // offset in the window of the latest one
    fm_window_mark mark;  // the queue before it
    int open;             // it is being built
} fm_window_walk;

/// Walks `text` as `[text]`, queueing one item per element (positions from `base` or `lines`).
fm_simdjson_status fm_stream_walk_window(fm_window_walk *w, const unsigned char *text, size_t length);
/// After a walk that did not end FM_SIMDJSON_OK: drops the latest element it started (built in
/// part, or queued already: simdjson had not accepted what follows it; what it wrote may stay in
/// the document, reached by nothing). `announced` then counts the elements kept plus the one
/// dropped, `start` is where that one began.
void fm_stream_give_back(fm_window_walk *w);
/// Lines mode: reads the whole lines at the start of `bytes` (the first at absolute `offset`)
/// with simdjson; returns the bytes taken (0: yajl reads the next line).
size_t fm_stream_read_line_window(fm_stream *s, const unsigned char *bytes, size_t length, size_t offset);

// MARK: - Modes (stream_array.c, stream_lines.c)

extern const yajl_callbacks fm_stream_array_callbacks;
extern const yajl_callbacks fm_stream_line_callbacks;
/// Array mode: parses one piece of the input.
void fm_stream_parse_piece(fm_stream *s, const unsigned char *bytes, size_t length);
/// Lines mode: parses one line; `bytes` ends with its '\n'.
void fm_stream_parse_line(fm_stream *s, const unsigned char *bytes, size_t length, size_t offset);
size_t fm_stream_feed_lines(fm_stream *s, const unsigned char *bytes, size_t length);
/// A yajl handle for the stream's mode, also set as the builder's.
yajl_handle fm_stream_new_handle(fm_stream *s);

#endif
