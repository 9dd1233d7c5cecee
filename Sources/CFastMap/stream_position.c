#include "stream_position.h"

#include <ctype.h>
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

// Where yajl's lexer is inside a number or literal token, to split a run of token bytes into
// tokens as it does (`140-83` is two numbers, `1e-5` one).
enum {
    TOKEN_NONE,
    TOKEN_OTHER,     // a byte no token continues (yajl rejects it, or ends the token there)
    TOKEN_LITERAL,   // letters
    TOKEN_MINUS,     // `-`
    TOKEN_ZERO,      // `-0` (a digit after it starts a token of its own)
    TOKEN_INTEGER,   // `-12`
    TOKEN_DOT,       // `-12.`
    TOKEN_FRACTION,  // `-12.5`
    TOKEN_E,         // `-12.5e`
    TOKEN_E_SIGN,    // `-12.5e+`
    TOKEN_EXPONENT,  // `-12.5e+3`
};

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_letter(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A byte that can be part of a number or a literal (true, false, null) token.
static int is_token_byte(unsigned char c) { return is_digit(c) || is_letter(c) || c == '+' || c == '-' || c == '.'; }

// The state after `c` in `state`, or TOKEN_NONE when `c` does not continue the token.
static int token_step(int state, unsigned char c) {
    switch (state) {
        case TOKEN_LITERAL: return is_letter(c) ? TOKEN_LITERAL : TOKEN_NONE;
        case TOKEN_MINUS:
            if (c == '0') return TOKEN_ZERO;
            return is_digit(c) ? TOKEN_INTEGER : TOKEN_NONE;
        case TOKEN_ZERO:
            if (c == '.') return TOKEN_DOT;
            return c == 'e' || c == 'E' ? TOKEN_E : TOKEN_NONE;
        case TOKEN_INTEGER:
            if (is_digit(c)) return TOKEN_INTEGER;
            if (c == '.') return TOKEN_DOT;
            return c == 'e' || c == 'E' ? TOKEN_E : TOKEN_NONE;
        case TOKEN_DOT: return is_digit(c) ? TOKEN_FRACTION : TOKEN_NONE;
        case TOKEN_FRACTION:
            if (is_digit(c)) return TOKEN_FRACTION;
            return c == 'e' || c == 'E' ? TOKEN_E : TOKEN_NONE;
        case TOKEN_E:
            if (is_digit(c)) return TOKEN_EXPONENT;
            return c == '+' || c == '-' ? TOKEN_E_SIGN : TOKEN_NONE;
        case TOKEN_E_SIGN:
        case TOKEN_EXPONENT: return is_digit(c) ? TOKEN_EXPONENT : TOKEN_NONE;
        default: return TOKEN_NONE;
    }
}

// The state of a token that starts with `c`.
static int token_first(unsigned char c) {
    if (c == '-') return TOKEN_MINUS;
    if (c == '0') return TOKEN_ZERO;
    if (is_digit(c)) return TOKEN_INTEGER;
    return is_letter(c) ? TOKEN_LITERAL : TOKEN_OTHER;
}

int fm_stream_tail_token_reaches_input(const fm_stream *s) {
    return s->tail_token_end != 0 && s->tail_token_end == s->base;
}

// After a piece parsed cleanly: where the number or literal token at its end starts (it may go
// on in the next piece), splitting the trailing run of token bytes as yajl's lexer does. A piece
// that is all token bytes goes on from the state the previous piece ended in.
void fm_stream_keep_tail_token(fm_stream *s) {
    size_t length = s->input_length;
    size_t run = 0;
    while (run < length && is_token_byte(s->input[length - 1 - run])) run++;
    if (run == 0 || s->carry_length) {
        s->tail_token_end = 0;
        return;
    }
    int state = TOKEN_NONE;
    size_t start = 0;
    if (run == length && fm_stream_tail_token_reaches_input(s)) {
        state = s->tail_token_state;
        start = s->tail_token_start;
    }
    size_t literal = state == TOKEN_LITERAL ? s->tail_literal_length : 0;
    for (size_t i = length - run; i < length; i++) {
        unsigned char c = s->input[i];
        int next = state == TOKEN_NONE ? TOKEN_NONE : token_step(state, c);
        if (next == TOKEN_NONE) {
            next = token_first(c);
            start = s->base + i;
            literal = 0;
        }
        if (next == TOKEN_LITERAL && literal < 6) s->tail_literal[literal++] = (char)c;
        state = next;
    }
    s->tail_literal_length = literal;
    s->tail_token_state = state;
    s->tail_token_start = start;
    s->tail_token_end = s->base + length;
}

int fm_stream_tail_number_open(const fm_stream *s, size_t *start) {
    int state = s->tail_token_state;
    if (s->tail_token_end == 0 || s->tail_token_end != s->total) return 0;
    if (state != TOKEN_INTEGER && state != TOKEN_FRACTION && state != TOKEN_EXPONENT) return 0;
    *start = s->tail_token_start;
    return 1;
}

int fm_stream_tail_token_completes(const fm_stream *s) {
    int state = s->tail_token_state;
    size_t i = 0;
    if (state == TOKEN_LITERAL) {
        char text[8];
        size_t length = s->tail_literal_length;
        memcpy(text, s->tail_literal, length);
        while (i < s->input_length && length < 6 && is_letter(s->input[i])) text[length++] = (char)s->input[i++];
        return (length == 4 && (memcmp(text, "true", 4) == 0 || memcmp(text, "null", 4) == 0)) ||
               (length == 5 && memcmp(text, "false", 5) == 0);
    }
    while (i < s->input_length) {
        int next = token_step(state, s->input[i]);
        if (next == TOKEN_NONE) break;
        state = next;
        i++;
    }
    return state == TOKEN_ZERO || state == TOKEN_INTEGER || state == TOKEN_FRACTION || state == TOKEN_EXPONENT;
}

int fm_stream_follow_event(fm_stream *s, int ev) {
    switch (ev) {
        case EV_START_MAP:
        case EV_START_ARRAY:
            if (!reserve((void **)&s->open_kinds, &s->open_kinds_capacity, s->open_kinds_count + 1, 1)) return 0;
            s->open_kinds[s->open_kinds_count++] = ev == EV_START_MAP;
            s->after_member_value = 0;
            return 1;
        case EV_KEY: s->after_member_value = 0; return 1;
        case EV_END_MAP:
        case EV_END_ARRAY:
            if (s->open_kinds_count) s->open_kinds_count--;
            break;
        default: break;
    }
    s->after_member_value = s->open_kinds_count > 0 && s->open_kinds[s->open_kinds_count - 1];
    return 1;
}
