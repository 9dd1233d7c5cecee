#include "stream_lines.h"
#include "stream_element.h"
#include "stream_lines_simdjson.h"
#include "stream_failure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Lines mode

// A second value on one line is an error (yajl itself would accept it: multiple values are on
// so that one handle serves every line), at that value's first byte, not past its first token.
static int single_value(fm_stream *s) {
    fm_builder *b = &s->builder;
    if (b->depth != 0 || b->root == NULL) return 1;
    int first = b->error->kind == FM_OK;
    fm_builder_fail(b, FM_ERROR_SYNTAX, "more than one JSON value on one line");
    if (first) {
        size_t at = b->root_end;
        while (at < b->input_length && fm_is_json_space(b->input[at])) at++;
        b->error->offset = b->offset_base + at;
    }
    return 0;
}

static int l_null(void *ctx) {
    fm_stream *s = ctx;
    fm_builder_note_token(&s->builder, FM_AFTER_VALUE, 0);
    return single_value(s) && fm_build_null(&s->builder);
}
static int l_boolean(void *ctx, int value) {
    fm_stream *s = ctx;
    fm_builder_note_token(&s->builder, FM_AFTER_VALUE, 0);
    return single_value(s) && fm_build_boolean(&s->builder, value);
}
static int l_number(void *ctx, const char *text, size_t length) {
    fm_stream *s = ctx;
    fm_builder_note_token(&s->builder, FM_AFTER_VALUE, 0);
    return single_value(s) && fm_build_number(&s->builder, text, length);
}
static int l_string(void *ctx, const unsigned char *text, size_t length) {
    fm_stream *s = ctx;
    fm_builder_note_token(&s->builder, FM_AFTER_VALUE, 0);
    return single_value(s) && fm_build_string(&s->builder, text, length);
}
static int l_map_key(void *ctx, const unsigned char *text, size_t length) {
    fm_stream *s = ctx;
    fm_builder_note_token(&s->builder, FM_AFTER_KEY, 0);
    return fm_build_map_key(&s->builder, text, length);
}
static int l_start_map(void *ctx) {
    fm_stream *s = ctx;
    fm_builder_note_token(&s->builder, FM_AFTER_START, 1);
    return single_value(s) && fm_build_start_map(&s->builder);
}
static int l_start_array(void *ctx) {
    fm_stream *s = ctx;
    fm_builder_note_token(&s->builder, FM_AFTER_START, 1);
    return single_value(s) && fm_build_start_array(&s->builder);
}
static int l_end(void *ctx) {
    fm_stream *s = ctx;
    fm_builder_note_token(&s->builder, FM_AFTER_VALUE, -1);
    return fm_build_end_container(&s->builder);
}

const yajl_callbacks fm_stream_line_callbacks = {
    l_null, l_boolean, NULL, NULL, l_number, l_string,
    l_start_map, l_map_key, l_end, l_start_array, l_end,
};

// Parses one line; `bytes` ends with its '\n'.
static void parse_line(fm_stream *s, const unsigned char *bytes, size_t length, size_t offset) {
    s->line_number++;
    size_t lead = fm_json_space_prefix(bytes, length);
    if (lead == length) return;  // blank lines separate nothing and are skipped

    fm_builder *b = &s->builder;
    b->input = bytes;
    b->input_length = length;
    b->offset_base = offset;
    s->element_offset = offset + lead;
    s->element_line = s->line_number;
    s->element_column = lead + 1;
    if (!fm_stream_begin_element(s, s->element_offset)) return;
    size_t valid = fm_first_non_json_space(bytes, length);
    b->trail = (fm_token_trail){0, FM_AFTER_NOTHING, 0};
    yajl_status status = yajl_parse(s->handle, bytes, valid);
    if (status == yajl_status_ok && valid < length && s->scratch.kind == FM_OK) {
        s->scratch.kind = FM_ERROR_SYNTAX;
        s->scratch.offset = offset + valid;
        snprintf(s->scratch.message, sizeof s->scratch.message,
                 "lexical error: invalid character 0x%02x in json text", bytes[valid]);
        status = yajl_status_error;
    }
    if (status == yajl_status_ok && b->root && b->depth == 0) {
        fm_stream_complete_element(s);
        return;
    }
    if (s->scratch.kind == FM_ERROR_OUT_OF_MEMORY) {
        fm_builder_discard(b);
        fm_stream_fail_from_scratch(s);
        return;
    }
    if (s->scratch.kind == FM_OK) {
        fm_parse_error *e = &s->scratch;
        if (status != yajl_status_ok) {
            unsigned char *text = yajl_get_error(s->handle, 0, bytes, length);
            e->kind = FM_ERROR_SYNTAX;
            e->offset = offset + yajl_get_bytes_consumed(s->handle);
            snprintf(e->message, sizeof e->message, "%s", text ? (char *)text : "syntax error");
            // Where the rejected token starts, said for a token out of place (fm_parse_error).
            size_t start = fm_yajl_rejected_token(bytes, valid, &b->trail, 0);
            e->token_line = 0;
            if (offset + start < e->offset) {
                e->token_offset = offset + start;
                e->token_line = s->line_number;
                e->token_column = start + 1;
            }
            if (text) yajl_free_error(s->handle, text);
            trim_message(e->message);
        } else {
            e->kind = FM_ERROR_TRUNCATED;
            e->offset = offset + length - 1;
            snprintf(e->message, sizeof e->message,
                     "the line ends before its JSON value is complete");
        }
    }
    s->scratch.line = s->line_number;
    s->scratch.column = s->scratch.offset >= offset ? s->scratch.offset - offset + 1 : 1;
    fm_stream_take_element_error(s);
    if (!fm_stream_complete_failed(s)) return;
    // yajl cannot go on after an error or inside an unfinished value: start afresh.
    yajl_free(s->handle);
    s->handle = fm_stream_new_handle(s, &fm_stream_line_callbacks);
    if (!s->handle) fm_stream_fail_out_of_memory(s);
}

size_t fm_stream_feed_lines(fm_stream *s, const unsigned char *bytes, size_t length) {
    size_t used = 0;
    while (used < length && s->item_count < BATCH && !s->failed) {
        size_t window = fm_stream_read_line_window(s, bytes + used, length - used, s->total + used);
        if (window) {
            used += window;
            continue;
        }
        if (s->failed) break;
        const unsigned char *start = bytes + used;
        const unsigned char *newline = memchr(start, '\n', length - used);
        if (!newline) {
            if (s->carry_length == 0) s->carry_start = s->total + used;
            if (!carry_append(s, start, length - used)) fm_stream_fail_out_of_memory(s);
            used = length;
            break;
        }
        size_t n = (size_t)(newline - start) + 1;
        if (s->carry_length) {
            if (!carry_append(s, start, n)) {
                fm_stream_fail_out_of_memory(s);
                break;
            }
            parse_line(s, s->carry, s->carry_length, s->carry_start);
            s->carry_length = 0;
        } else {
            parse_line(s, start, n, s->total + used);
        }
        used += n;
    }
    s->total += used;
    return used;
}

int fm_stream_finish_lines(fm_stream *s) {
    if (s->carry_length) {
        if (!carry_append(s, (const unsigned char *)"\n", 1)) return fm_stream_fail_out_of_memory(s), -1;
        parse_line(s, s->carry, s->carry_length, s->carry_start);
        s->carry_length = 0;
    }
    return s->failed ? -1 : 0;
}
