#include "stream_simdjson.h"
#include "stream_element.h"
#include "stream_failure.h"

#include <stdlib.h>
#include <string.h>

// Array mode with simdjson: runs of whole elements are read by simdjson's tokenizer instead of
// yajl's, which reads a byte at a time. yajl stays the stream's grammar: it reads the path, the
// first element, the end of the array, every element simdjson does not take, and it alone
// reports errors. The two meet at commas between elements:
//
// - A yajl piece in the element phase ends just after the next comma between elements (found
//   by a scan that only counts brackets and skips strings, starting from what the builder and
//   the carried string tell of the open element). yajl has then taken that comma and expects
//   an element: the state a window starts from (`fast_clean`).
// - A window is the text from there up to and including a later comma between elements: its
//   elements go to simdjson as the array `[e1, ..., en]` and are built by the same builder, one
//   item each, with the same positions, documents and memory limits as yajl's. After the
//   window yajl's state is again "after a comma": it never saw the window, and needs not.
// - Whatever simdjson or the builder refuses (malformed text, a lone surrogate, a number out of
//   range, the depth or memory limit) is given back: the elements before it stay queued, the
//   one it happened in is dropped, and yajl reads from the comma before it up to the window's
//   end, so the element fails (or the stream does) exactly as without simdjson.

enum {
    WINDOW_BYTES = 128 * 1024,  // a window ends at the first comma past this (elements are whole)
};

void fm_stream_use_simdjson(fm_stream *s, int enabled) { s->use_simdjson = enabled != 0; }

size_t fm_stream_window_elements(const fm_stream *s) { return s->window_elements; }

size_t fm_stream_piece_length(fm_stream *s, const unsigned char *bytes, size_t length, int *ends_at_comma) {
    size_t n = length < PIECE ? length : PIECE;
    *ends_at_comma = 0;
    if (!s->use_simdjson || s->failed) return n;
    if (s->phase == SEEK) {
        // Up to the next '[' (maybe the array's, maybe one in a string: either way a place
        // yajl may stop), so that the elements do not start deep inside a piece.
        const unsigned char *bracket = memchr(bytes, '[', n);
        return bracket ? (size_t)(bracket - bytes) + 1 : n;
    }
    if (s->phase != ELEMENTS) return n;
    if (s->fast_resume > s->total) {
        // yajl reads what simdjson gave back, up to the end of that window.
        size_t left = s->fast_resume - s->total;
        if (left > n) return n;
        *ends_at_comma = 1;
        return left;
    }
    // Where yajl stands in the element: its open containers, and an open string (the carry).
    size_t depth = s->element_failed ? s->fail_depth : s->builder.depth + s->builder.skip_depth;
    int in_string = s->carry_length > 0, escaped = in_string && carry_ends_escaped(s);
    size_t commas;
    size_t end = fm_scan_commas(bytes, n, depth, in_string, escaped, 1, SIZE_MAX, &commas);
    if (end == 0) return n;
    *ends_at_comma = 1;
    return end;
}

void fm_stream_after_piece(fm_stream *s, int ended_at_comma) {
    s->fast_clean = ended_at_comma && !s->failed && s->phase == ELEMENTS && !s->element_failed &&
                    s->builder.depth == 0 && s->builder.skip_depth == 0 && s->builder.root == NULL &&
                    s->carry_length == 0;
}

// MARK: - Windows

static fm_builder *builder_of(void *context) { return &((fm_window_walk *)context)->s->builder; }

// After a build event: queues the element when its value is complete.
static int built(fm_window_walk *w, int ok) {
    fm_stream *s = w->s;
    if (!ok) return 0;
    if (s->builder.depth != 0) return 1;
    w->open = 0;
    return fm_stream_complete_element(s);
}

static int on_element(void *context, size_t offset) {
    fm_window_walk *w = context;
    fm_stream *s = w->s;
    if (w->lines) {
        // Lines mode: the k-th element must start where the k-th line's value does (see
        // stream_lines_simdjson.c).
        if (w->announced >= w->line_count) return 0;
        const fm_window_line *line = &w->lines[w->announced];
        if (offset != line->first) return 0;
        s->element_offset = line->offset + (offset - line->start);
        s->element_line = line->number;
        s->element_column = offset - line->start + 1;
    } else {
        s->element_offset = w->base + offset;
        fm_stream_locate(s, s->element_offset, &s->element_line, &s->element_column);
    }
    w->announced++;
    w->start = offset;
    if (!fm_stream_begin_element(s, s->element_offset)) return 0;
    w->mark = (fm_window_mark){s->item_count, s->next_index, s->doc_items};
    w->open = 1;
    return 1;
}

static int on_null(void *context) { return built(context, fm_build_null(builder_of(context))); }

static int on_boolean(void *context, int value) {
    return built(context, fm_build_boolean(builder_of(context), value));
}

static int on_number(void *context, const char *document, const char *text, size_t length) {
    // simdjson only knows the token starts with '-' or a digit: the grammar is checked here.
    return built(context, fm_build_checked_number(builder_of(context), document, text, length));
}

static int on_string(void *context, const unsigned char *raw, size_t length) {
    fm_stream *s = ((fm_window_walk *)context)->s;
    return built(context, fm_build_simdjson_string(&s->builder, &s->fast_scratch, raw, length));
}

static int on_key(void *context, const unsigned char *raw, size_t length) {
    fm_stream *s = ((fm_window_walk *)context)->s;
    return fm_build_simdjson_key(&s->builder, &s->fast_scratch, raw, length);
}

static int on_start_object(void *context) { return fm_build_start_map(builder_of(context)); }
static int on_start_array(void *context) { return fm_build_start_array(builder_of(context)); }
static int on_end_container(void *context) {
    return built(context, fm_build_end_container(builder_of(context)));
}

static const fm_walk_events window_events = {
    on_null, on_boolean, on_number, on_string, on_key, on_start_object, on_start_array, on_end_container,
};

int fm_stream_walk_window(fm_window_walk *w, const unsigned char *text, size_t length) {
    return fm_walk_elements(text, length, &window_events, w->s->builder.max_depth, on_element, w);
}

void fm_stream_give_back(fm_window_walk *w) {
    fm_stream *s = w->s;
    if (w->announced == 0) return;
    // Built in part, the writer drops its cells; queued already, only its item goes (its cells
    // stay in the document, reached by nothing). No document is freed here: one the element
    // started is still `doc`, and one the caller was handed is the caller's.
    if (w->open) fm_builder_discard(&s->builder);
    s->item_count = w->mark.item_count;
    s->next_index = w->mark.next_index;
    s->doc_items = w->mark.doc_items;
    if (s->handed_items > s->item_count) s->handed_items = s->item_count;
    s->scratch.kind = FM_OK;
}

size_t fm_stream_read_window(fm_stream *s, const unsigned char *bytes, size_t length) {
    s->fast_clean = 0;
    size_t commas;
    size_t end = fm_scan_commas(bytes, length, 0, 0, 0, BATCH - s->item_count, WINDOW_BYTES, &commas);
    if (end == 0) return 0;
    fm_stream_set_input(s, bytes, end);
    fm_window_walk w = {s, s->base, NULL, 0, 0, 0, {0}, 0};
    // The window without its last comma: the elements between the array's brackets.
    int walked = fm_stream_walk_window(&w, bytes, end - 1);
    if (s->failed) return 0;  // out of memory starting a document: the stream has failed
    size_t taken = end;
    // One element per comma: fewer means the text before the first comma was empty (`[1,,2]`
    // read as `[]`), which simdjson cannot see.
    if (walked && w.announced != commas) walked = 0;
    if (!walked) {
        // yajl reads on from just after the comma before the element given back.
        fm_stream_give_back(&w);
        taken = w.announced ? w.start : 0;
        while (taken > 0 && bytes[taken - 1] != ',') taken--;
        s->fast_resume = s->base + end;
        s->window_elements += w.announced ? w.announced - 1 : 0;
    } else {
        s->fast_clean = 1;
        s->window_elements += w.announced;
    }
    fm_stream_advance_scan(s, s->base + taken);
    s->total += taken;
    s->last_end = s->total;
    s->last_event = EV_START_ARRAY;  // past a comma between elements: an element comes next
    return taken;
}
