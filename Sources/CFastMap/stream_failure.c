#include "stream_failure.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

// Where a stream's syntax error is, and how the stream fails: the error path of the array and
// line readers, on the positions stream_position.c keeps.

// MARK: Where a rejected token is

// Whether the string token carried from earlier pieces (from its opening quote) closes in this
// piece as yajl's lexer reads it: no control character, every escape one JSON allows.
static int carried_string_completes(fm_stream *s) {
    int escape = 0;  // 1 after a backslash; 2 to 5: hex digits of \u still to come
    for (size_t i = 1; i < s->carry_length + s->input_length; i++) {
        unsigned char c = i < s->carry_length ? s->carry[i] : s->input[i - s->carry_length];
        if (escape == 1) {
            if (c == 'u') {
                escape = 5;
            } else if (strchr("\"\\/bfnrt", c) && c != 0) {
                escape = 0;
            } else {
                return 0;
            }
        } else if (escape > 1) {
            if (!isxdigit(c)) return 0;
            escape = escape == 2 ? 0 : escape - 1;
        } else if (c == '\\') {
            escape = 1;
        } else if (c == '"') {
            return 1;
        } else if (c < 0x20) {
            return 0;
        }
    }
    return 0;
}

// Where a yajl parse error is. yajl puts the error after the token it did not expect, except
// after a member's value (it wants ',' or '}' there), where it counts back to the token's start
// from its end in the current piece: when the token began in an earlier piece that count would
// go below zero, and yajl says the piece's first byte instead. Such a token is the one that ran
// on past the previous piece's end, whose start was kept, when it ends whole; a string token
// counts back its text without the quotes, so yajl puts it two bytes past the opening quote.
static size_t parse_error_offset(fm_stream *s) {
    size_t offset = consumed_end(s);
    if (offset != s->base || s->mode != FM_STREAM_ARRAY || !s->after_member_value) return offset;
    if (s->carry_length) return carried_string_completes(s) ? s->carry_start + 2 : offset;
    // A number at a piece's end stays in yajl's buffer even when it is whole: only the next
    // byte tells. It is the token yajl did not expect when no callback reported it (else the
    // token at the piece's first byte is, and the offset is right).
    if (fm_stream_tail_token_reaches_input(s) && s->last_end <= s->tail_token_start && fm_stream_tail_token_completes(s)) {
        return s->tail_token_start;
    }
    return offset;
}

void fm_stream_keep_gap(fm_stream *s) {
    size_t from = 0;
    if (s->last_end >= s->base) {
        from = s->last_end - s->base;
        s->gap_separator = 0;
    }
    // White space, a separator, then perhaps the start of a token that runs on: a string's
    // quote ends the search (its text may hold commas), a number or literal holds neither.
    for (size_t i = from; i < s->input_length && s->input[i] != '"'; i++) {
        if (s->input[i] == ',' || s->input[i] == ':') {
            s->gap_separator = 1;
            break;
        }
    }
}

// Where the token starts that yajl rejected with a parse error: fm_yajl_rejected_token's rule
// (the first token after the one the latest callback reported, past the separator yajl took
// between them) on the current piece. yajl's own offset lies past the token, or two bytes into a
// string after an object member's value (see parse_error_offset).
static size_t rejected_token_start(fm_stream *s) {
    fm_token_trail trail = {0, FM_AFTER_VALUE, s->doc_depth};
    if (s->last_event == EV_KEY) trail.after = FM_AFTER_KEY;
    if (s->last_event == EV_START_MAP || s->last_event == EV_START_ARRAY) trail.after = FM_AFTER_START;
    if (s->last_end >= s->base) {
        trail.end = s->last_end - s->base;
    } else {
        // The reported token ended in an earlier piece: a token that began there too is the
        // rejected one; else the piece holds only what followed the separator, if one was taken.
        if (s->carry_length) return s->carry_start;
        // The run of token bytes kept at the previous piece's end may hold the reported token
        // too (`truetrue`: yajl ends a literal after its letters, the run does not): the
        // rejected one then starts where the reported one ended.
        if (fm_stream_tail_token_reaches_input(s)) return s->last_end > s->tail_token_start ? s->last_end : s->tail_token_start;
        if (s->gap_separator) trail.after = FM_AFTER_NOTHING;
    }
    return s->base + fm_yajl_rejected_token(s->input, s->input_length, &trail, 0);
}

// MARK: Failures

int fm_stream_fail(fm_stream *s, int kind, size_t offset, const char *message) {
    if (s->failed) return 0;
    s->failed = 1;
    fm_parse_error *e = &s->failure.error;
    e->kind = kind;
    e->offset = offset;
    e->token_line = 0;
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
    size_t offset = parse_error_offset(s);
    trim_message(message);
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
    // Where the rejected token starts, said for a token out of place (fm_parse_error); located
    // first, as the stream's line count only moves forward.
    size_t start = rejected_token_start(s);
    size_t token_line = 0, token_column = 0;
    if (start < offset) fm_stream_locate(s, start, &token_line, &token_column);
    fm_stream_fail(s, FM_ERROR_SYNTAX, offset, message);
    s->failure.error.token_offset = start;
    s->failure.error.token_line = token_line;
    s->failure.error.token_column = token_column;
}
