#ifndef FASTMAP_STREAM_INTERNAL_H
#define FASTMAP_STREAM_INTERNAL_H

// The streaming parser's state, shared by its files. Private to CFastMap: not under include/.
//
//   stream.c           the public API: create, feed (batches, byte order mark), finish, queue
//   stream_state.c     the stream's state (stream_state.h) and its helpers: buffers, the carried
//                      bytes, the input being read, yajl handles, messages
//   stream_position.c  positions, raw string tokens across pieces, stream failures
//   stream_element.c   element assembly: the documents elements are written to, the queue of items
//   stream_array.c     array mode: the yajl event state machine (path, then elements)
//   stream_lines.c     lines mode: one value per line
//   stream_simdjson.c  array mode: runs of whole elements read by simdjson instead of yajl
//   stream_commas.c    array mode: the commas between elements, where those runs start and end
//   stream_lines_simdjson.c  lines mode: runs of whole lines read by simdjson
//   stream_sparse.c    sparse elements: the schema the builder filters with

#include "fastmap_simdjson.h"
#include "stream_state.h"

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

#endif
