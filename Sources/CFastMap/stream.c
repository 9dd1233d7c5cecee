#include "stream_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The streaming parser's public API (fastmap_stream.h). How it works, and which file holds
// what: stream_internal.h.

fm_stream *fm_stream_create(int mode, const fm_stream_step *path, size_t path_count, size_t max_depth) {
    fm_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->mode = mode;
    s->memory_limit = SIZE_MAX;
    s->max_depth = max_depth;
    s->path_count = mode == FM_STREAM_ARRAY ? path_count : 0;
    size_t key_bytes = 0;
    for (size_t i = 0; i < s->path_count; i++) key_bytes += path[i].is_index ? 0 : path[i].key_length;
    s->path = calloc(s->path_count + 1, sizeof *s->path);
    s->path_keys = malloc(key_bytes + 1);
    s->nav = calloc(s->path_count + 1, sizeof *s->nav);
    // Elements sit inside every container of the path and the array itself.
    size_t element_depth = max_depth > s->path_count + 1 ? max_depth - s->path_count - 1 : 0;
    // The first elements' document (a memory limit, set later, gives each element its own).
    s->doc = fm_doc_create(SIZE_MAX);
    if (!s->path || !s->path_keys || !s->nav || !s->doc ||
        !fm_builder_init(&s->builder, s->doc, mode == FM_STREAM_ARRAY ? element_depth : max_depth, &s->scratch)) {
        fm_stream_free(s);
        return NULL;
    }
    char *keys = s->path_keys;
    for (size_t i = 0; i < s->path_count; i++) {
        s->path[i] = path[i];
        if (!path[i].is_index) {
            memcpy(keys, path[i].key, path[i].key_length);
            s->path[i].key = keys;
            keys += path[i].key_length;
        }
    }
    if (mode == FM_STREAM_ARRAY) {
        s->builder.raw_lookup = fm_stream_raw_lookup;
        s->builder.raw_context = s;
    }
    s->phase = SEEK;
    const yajl_callbacks *callbacks =
        mode == FM_STREAM_ARRAY ? &fm_stream_array_callbacks : &fm_stream_line_callbacks;
    if (!fm_stream_new_handle(s, callbacks)) {
        fm_stream_free(s);
        return NULL;
    }
    s->handle = s->builder.handle;
    return s;
}

void fm_stream_free(fm_stream *s) {
    if (!s) return;
    // The builder (a half-built element's cells are dropped with its writer) and the documents.
    fm_stream_free_documents(s);
    if (s->handle) yajl_free(s->handle);
    free(s->items);
    free(s->errors);
    free(s->carry);
    free(s->hold);
    free(s->open_kinds);
    free(s->fast_scratch.bytes);
    free(s->line_text);
    free(s->window_lines);
    free(s->nav);
    free(s->path);
    free(s->path_keys);
    free(s);
}

static const unsigned char byte_order_mark[3] = {0xEF, 0xBB, 0xBF};

static size_t feed_body(fm_stream *s, const unsigned char *bytes, size_t length) {
    return s->mode == FM_STREAM_LINES ? fm_stream_feed_lines(s, bytes, length)
                                      : fm_stream_feed_array(s, bytes, length);
}

// Takes the bytes of a byte order mark at the start of the input (they may come one chunk at
// a time). Bytes that turn out not to be one are parsed as input. Returns the bytes taken.
static size_t take_byte_order_mark(fm_stream *s, const unsigned char *bytes, size_t length) {
    size_t used = 0;
    while (!s->mark_decided && used < length) {
        if (bytes[used] != byte_order_mark[s->mark_held]) {
            s->mark_decided = 1;
            size_t held = s->mark_held;
            s->mark_held = 0;
            if (held) feed_body(s, byte_order_mark, held);
            break;
        }
        used++;
        if (++s->mark_held == sizeof byte_order_mark) {
            s->mark_decided = 1;
            s->mark_held = 0;
            s->total += sizeof byte_order_mark;
            s->scan_at = s->total;
            s->scan_line_start = s->total;  // columns count from after the mark
        }
    }
    return used;
}

int fm_stream_feed(fm_stream *s, const unsigned char *bytes, size_t length, size_t *consumed) {
    *consumed = 0;
    if (s->failed) return -1;
    if (s->finished) return fm_stream_fail(s, FM_ERROR_SYNTAX, s->total, "input after the end of the stream"), -1;
    size_t mark = take_byte_order_mark(s, bytes, length);
    *consumed = mark + (s->failed ? 0 : feed_body(s, bytes + mark, length - mark));
    return s->failed ? -1 : 0;
}

int fm_stream_finish(fm_stream *s) {
    if (s->failed) return -1;
    if (s->finished) return 0;
    if (!s->mark_decided && s->mark_held) {
        // The input was only the start of a byte order mark: parse it as text.
        s->mark_decided = 1;
        size_t held = s->mark_held;
        s->mark_held = 0;
        feed_body(s, byte_order_mark, held);
        if (s->failed) return -1;
    }
    s->finished = 1;
    return s->mode == FM_STREAM_LINES ? fm_stream_finish_lines(s) : fm_stream_finish_array(s);
}

size_t fm_stream_item_count(const fm_stream *s) { return s->item_count; }

const fm_stream_item *fm_stream_items(const fm_stream *s) { return s->items; }

const fm_parse_error *fm_stream_item_error(const fm_stream *s, const fm_stream_item *item) {
    return item->failure ? &s->errors[item->failure - 1] : NULL;
}

void fm_stream_clear(fm_stream *s) {
    s->item_count = 0;
    s->error_count = 0;
    fm_stream_hand_over_documents(s);
}

const fm_stream_failure *fm_stream_failure_info(const fm_stream *s) { return &s->failure; }

size_t fm_stream_bytes_read(const fm_stream *s) { return s->total + s->hold_length; }

void fm_stream_set_memory_limit(fm_stream *s, size_t memory_limit) { s->memory_limit = memory_limit; }
