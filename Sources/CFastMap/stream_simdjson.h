#ifndef FASTMAP_STREAM_SIMDJSON_H
#define FASTMAP_STREAM_SIMDJSON_H

// simdjson windows (stream_simdjson.c): array mode's runs of whole elements, and the walk of a
// window's elements into the queue that lines mode's windows share (stream_lines_simdjson.c).
// Above element assembly, below the modes. Private to CFastMap.

#include "walk.h"
#include "stream_state.h"

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
    const fm_window_line *lines;  // lines mode: element k must start at lines[k].first
    size_t line_count;
    size_t announced;     // elements started
    size_t start;         // offset in the window of the latest one
    fm_window_mark mark;  // the queue before it
    int open;             // it is being built
} fm_window_walk;

/// Walks `text` as `[text]`, queueing one item per element (positions from `base` or `lines`).
int fm_stream_walk_window(fm_window_walk *w, const unsigned char *text, size_t length);
/// After a walk that did not end in full (0): drops the latest element it started (built in
/// part, or queued already: simdjson had not accepted what follows it; what it wrote may stay in
/// the document, reached by nothing). `announced` then counts the elements kept plus the one
/// dropped, `start` is where that one began.
void fm_stream_give_back(fm_window_walk *w);

#endif
