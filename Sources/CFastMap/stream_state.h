#ifndef FASTMAP_STREAM_STATE_H
#define FASTMAP_STREAM_STATE_H

// The streaming parser's state, and the few helpers the stream files share (buffers, the
// carried bytes, the input being read, yajl's handles, messages): the floor of the stream files,
// calling none of them. Private to CFastMap. How the files stack: stream_internal.h.

#include "builder.h"
#include "fastmap_stream.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/// Lines mode: one line of a window, in the window's text and in the input.
typedef struct fm_window_line {
    size_t start;   // in the window's text: its first byte
    size_t first;   // in the window's text: its first byte that is no white space
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
    size_t total;  // bytes parsed so far (taken: with the held ones, `hold`)
    size_t last_end;  // absolute offset just after the token of the latest yajl callback

    // Array mode: the bytes of a string token that began in an earlier piece, from its
    // opening quote on. Lines mode: the start of a line that has no '\n' yet.
    unsigned char *carry;
    size_t carry_length, carry_capacity, carry_start;

    // Array mode: bytes taken but not yet given to yajl, which continue the open string of
    // `carry` or the open number at the tail (see hold_piece in stream_array.c). They follow
    // `total`.
    unsigned char *hold;
    size_t hold_length, hold_capacity;
    int hold_escaped;  // the held bytes end in a backslash that escapes the next byte

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
    // Array mode: the event of the latest yajl callback (EV_START_ARRAY also after a window,
    // which ends past a comma: a value comes next), and whether the bytes after its token that
    // earlier pieces held, up to the current one, took a ',' or ':' (see rejected_token_start).
    int last_event;
    int gap_separator;

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

// Whether the carried string (from its opening quote) ends in a backslash that escapes the next
// byte: an odd run of them.
static inline int carry_ends_escaped(const fm_stream *s) {
    size_t slashes = 0;
    while (slashes + 1 < s->carry_length && s->carry[s->carry_length - 1 - slashes] == '\\') slashes++;
    return slashes % 2;
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

/// A yajl handle calling `callbacks` (those of the stream's mode), also set as the builder's.
yajl_handle fm_stream_new_handle(fm_stream *s, const yajl_callbacks *callbacks);

#endif
