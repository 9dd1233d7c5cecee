#include "stream_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Positions

// Counts the newlines of the current input up to `offset` (absolute, not before scan_at).
void fm_stream_advance_scan(fm_stream *s, size_t offset) {
    if (offset <= s->scan_at || s->input == NULL) return;
    size_t from = s->scan_at > s->base ? s->scan_at - s->base : 0;
    size_t to = offset - s->base;
    if (to > s->input_length) to = s->input_length;
    const unsigned char *p = s->input + from, *end = s->input + to;
    while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        s->scan_lines++;
        s->scan_line_start = s->base + (size_t)(p - s->input) + 1;
        p++;
    }
    s->scan_at = s->base + to;
}

// Line and column of an absolute offset. Offsets before scan_at only come from tokens that
// began in an earlier piece, and tokens never hold a newline, so they are on the current line.
void fm_stream_locate(fm_stream *s, size_t offset, size_t *line, size_t *column) {
    fm_stream_advance_scan(s, offset);
    *line = s->scan_lines + 1;
    *column = offset >= s->scan_line_start ? offset - s->scan_line_start + 1 : 1;
}

// The opening quote of the string token yajl has just reported: the first quote after the
// previous token (only whitespace, commas and colons lie between tokens that report nothing).
static size_t quote_position(fm_stream *s) {
    if (s->last_end >= s->base) {
        size_t from = s->last_end - s->base;
        const unsigned char *q = from < s->input_length
                                     ? memchr(s->input + from, '"', s->input_length - from)
                                     : NULL;
        return q ? s->base + (size_t)(q - s->input) : s->last_end;
    }
    if (s->carry_length) return s->carry_start;
    const unsigned char *q = memchr(s->input, '"', s->input_length);
    return q ? s->base + (size_t)(q - s->input) : s->base;
}

// Absolute offset of the first byte of the value token yajl has just reported.
size_t fm_stream_token_start(fm_stream *s, int ev, size_t length, int flag) {
    size_t end = consumed_end(s);
    switch (ev) {
        case EV_START_MAP:
        case EV_START_ARRAY: return end - 1;
        case EV_NUMBER: return end - length;
        case EV_BOOL: return end - (flag ? 4 : 5);
        case EV_NULL: return end - 4;
        default: return quote_position(s);
    }
}

// The raw text of a string token for the builder, when yajl reports decoded text: from the
// input when the whole token is in it, else joined from the carried start and the input.
int fm_stream_raw_lookup(fm_builder *b, const unsigned char **raw, size_t *raw_length,
                             size_t *raw_offset, unsigned char **owned) {
    fm_stream *s = b->raw_context;
    size_t consumed = yajl_get_bytes_consumed(s->handle);
    if (consumed < 1 || consumed > s->input_length || s->input[consumed - 1] != '"') return 0;
    size_t open = quote_position(s);
    size_t close = s->base + consumed - 1;
    *raw_offset = open + 1;
    if (open >= s->base) {
        if (open >= close) return 0;
        *raw = s->input + (open - s->base) + 1;
        *raw_length = close - open - 1;
        return 1;
    }
    if (s->carry_length == 0 || open != s->carry_start) return 0;
    size_t head = s->carry_length - 1, tail = consumed - 1;
    unsigned char *joined = malloc(head + tail + 1);
    if (!joined) {
        fm_builder_fail(b, FM_ERROR_OUT_OF_MEMORY, "out of memory while reading a string");
        return 0;
    }
    memcpy(joined, s->carry + 1, head);
    memcpy(joined + head, s->input, tail);
    *raw = joined;
    *raw_length = head + tail;
    *owned = joined;
    return 1;
}

// After a piece parsed cleanly: keep the start of a string token that is still open.
int fm_stream_keep_carry(fm_stream *s) {
    const unsigned char *from;
    if (s->last_end >= s->base) {
        s->carry_length = 0;
        from = s->input + (s->last_end - s->base);
    } else if (s->carry_length) {
        return carry_append(s, s->input, s->input_length);
    } else {
        from = s->input;
    }
    const unsigned char *end = s->input + s->input_length;
    const unsigned char *q = from < end ? memchr(from, '"', (size_t)(end - from)) : NULL;
    if (!q) return 1;
    s->carry_start = s->base + (size_t)(q - s->input);
    return carry_append(s, q, (size_t)(end - q));
}

// MARK: - Failures

int fm_stream_fail(fm_stream *s, int kind, size_t offset, const char *message) {
    if (s->failed) return 0;
    s->failed = 1;
    fm_parse_error *e = &s->failure.error;
    e->kind = kind;
    e->offset = offset;
    if (s->mode == FM_STREAM_ARRAY) {
        fm_stream_locate(s, offset, &e->line, &e->column);
    } else {
        e->line = s->line_number ? s->line_number : 1;
        e->column = 1;
    }
    snprintf(e->message, sizeof e->message, "%s", message);
    s->failure.elements = s->next_index;
    return 0;
}

int fm_stream_fail_out_of_memory(fm_stream *s) {
    return fm_stream_fail(s, FM_ERROR_OUT_OF_MEMORY, s->total, "out of memory while reading the stream");
}

// A builder error outside any element (in the envelope) ends the stream.
int fm_stream_fail_from_scratch(fm_stream *s) {
    fm_parse_error error = s->scratch;
    s->scratch.kind = FM_OK;
    return fm_stream_fail(s, error.kind, error.offset, error.message);
}

void fm_stream_yajl_failure(fm_stream *s) {
    if (s->failed) return;  // a callback stopped the parse and said why
    unsigned char *text = yajl_get_error(s->handle, 0, s->input, s->input_length);
    char message[256];
    snprintf(message, sizeof message, "%s", text ? (char *)text : "syntax error");
    if (text) yajl_free_error(s->handle, text);
    trim_message(message);
    size_t offset = consumed_end(s);
    if (s->root_done) {
        // After the root closed yajl fails only on a token after it ("trailing garbage"; the
        // end of input is never an error there). Point at the first byte after the document,
        // not past the token yajl read.
        size_t at = s->last_end > s->base ? s->last_end - s->base : 0;
        while (at < s->input_length && fm_is_json_space(s->input[at])) at++;
        fm_stream_fail(s, FM_ERROR_TRAILING_DATA, s->base + at,
             "unexpected text after the end of the JSON document");
        return;
    }
    fm_stream_fail(s, FM_ERROR_SYNTAX, offset, message);
}
