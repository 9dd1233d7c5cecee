#include "stream_array.h"
#include "stream_element.h"
#include "stream_failure.h"
#include "stream_simdjson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Array mode

static int is_start(int ev) { return ev == EV_START_MAP || ev == EV_START_ARRAY; }
static int is_end(int ev) { return ev == EV_END_MAP || ev == EV_END_ARRAY; }

// The fm_cell_kind a value of the path has (a number as FM_CELL_NUMBER, whatever it reads as).
static int found_kind(int ev, int flag) {
    switch (ev) {
        case EV_START_MAP: return FM_CELL_OBJECT;
        case EV_START_ARRAY: return FM_CELL_ARRAY;
        case EV_STRING: return FM_CELL_STRING;
        case EV_NUMBER: return FM_CELL_NUMBER;
        case EV_BOOL: return flag ? FM_CELL_TRUE : FM_CELL_FALSE;
        default: return FM_CELL_NULL;
    }
}

static int build(fm_stream *s, int ev, const unsigned char *text, size_t length, int flag) {
    fm_builder *b = &s->builder;
    switch (ev) {
        case EV_NULL: return fm_build_null(b);
        case EV_BOOL: return fm_build_boolean(b, flag);
        case EV_NUMBER: return fm_build_number(b, (const char *)text, length);
        case EV_STRING: return fm_build_string(b, text, length);
        case EV_KEY: return fm_build_map_key(b, text, length);
        case EV_START_MAP: return fm_build_start_map(b);
        case EV_START_ARRAY: return fm_build_start_array(b);
        default: return fm_build_end_container(b);
    }
}

static int element_event(fm_stream *s, int ev, const unsigned char *text, size_t length, int flag) {
    fm_builder *b = &s->builder;
    if (s->element_failed) {
        if (is_start(ev)) {
            s->fail_depth++;
        } else if (is_end(ev) && --s->fail_depth == 0) {
            return fm_stream_complete_failed(s);
        }
        return 1;
    }
    if (b->depth == 0) {
        if (ev == EV_END_ARRAY) {  // the target array closes
            s->phase = AFTER;
            s->doc_depth--;
            return 1;
        }
        s->element_offset = fm_stream_token_start(s, ev, length, flag);
        fm_stream_locate(s, s->element_offset, &s->element_line, &s->element_column);
        if (!fm_stream_begin_element(s, s->element_offset)) return 0;
    }
    if (!build(s, ev, text, length, flag)) {
        if (s->scratch.kind == FM_ERROR_OUT_OF_MEMORY) return fm_stream_fail_from_scratch(s);
        // A container refused for depth still has its closing event to come, and so have
        // those a sparse element was skipping (counted apart from the built ones).
        size_t open = b->depth + b->skip_depth + (is_start(ev) ? 1 : 0);
        fm_stream_locate(s, s->scratch.offset, &s->scratch.line, &s->scratch.column);
        fm_stream_take_element_error(s);
        if (open == 0) return fm_stream_complete_failed(s);
        s->element_failed = 1;
        s->fail_depth = open;
        return 1;
    }
    if (b->depth == 0) return fm_stream_complete_element(s);
    return 1;
}

// Checks a string outside the elements with the builder's rules.
static int check_string(fm_stream *s, const unsigned char *text, size_t length, int is_key) {
    const unsigned char *bytes;
    size_t count;
    unsigned char *owned;
    if (!fm_builder_string_bytes(&s->builder, text, length, &bytes, &count, &owned))
        return fm_stream_fail_from_scratch(s);
    if (is_key && s->skip_depth == 0 && s->phase == SEEK && s->nav_count > 0) {
        nav_frame *frame = &s->nav[s->nav_count - 1];
        const fm_stream_step *step = &s->path[s->nav_count - 1];
        frame->key_matches = !frame->consumed && count == step->key_length &&
                             memcmp(bytes, step->key, count) == 0;
    }
    free(owned);
    return 1;
}

// A value at the innermost open container of the path has ended (arrays count their elements).
static void value_done(fm_stream *s) {
    if (s->nav_count > 0 && !s->nav[s->nav_count - 1].is_map) s->nav[s->nav_count - 1].next_index++;
}

static int fail_wrong_kind(fm_stream *s, int ev, size_t length, int flag) {
    s->failure.step = s->nav_count;
    s->failure.found = found_kind(ev, flag);
    const char *wanted = s->nav_count == s->path_count      ? "an array"
                         : s->path[s->nav_count].is_index ? "an array"
                                                          : "an object";
    char message[128];
    snprintf(message, sizeof message, "expected %s on the path", wanted);
    return fm_stream_fail(s, FM_ERROR_WRONG_KIND, fm_stream_token_start(s, ev, length, flag), message);
}

static int fail_not_found(fm_stream *s) {
    nav_frame *frame = &s->nav[s->nav_count - 1];
    const fm_stream_step *step = &s->path[s->nav_count - 1];
    s->failure.step = s->nav_count - 1;
    s->failure.found_count = frame->next_index;
    char message[200];
    if (step->is_index) {
        snprintf(message, sizeof message, "index %zu is out of range (the array has %zu elements)",
                 step->index, frame->next_index);
    } else {
        snprintf(message, sizeof message, "no member named \"%.*s\"",
                 (int)(step->key_length > 120 ? 120 : step->key_length), step->key);
    }
    return fm_stream_fail(s, FM_ERROR_PATH_NOT_FOUND, consumed_end(s) - 1, message);
}

static int navigate(fm_stream *s, int ev, const unsigned char *text, size_t length, int flag) {
    if (is_start(ev) && ++s->doc_depth > s->max_depth) {
        char message[160];
        snprintf(message, sizeof message,
                 "Too many nested arrays or dictionaries (more than %zu levels).", s->max_depth);
        return fm_stream_fail(s, FM_ERROR_DEPTH, consumed_end(s), message);
    }
    if (s->phase == AFTER || s->skip_depth > 0) {
        if (is_start(ev)) {
            if (s->phase == SEEK) s->skip_depth++;
        } else if (is_end(ev)) {
            s->doc_depth--;
            if (s->phase == SEEK && --s->skip_depth == 0) value_done(s);
        } else if (ev == EV_STRING || ev == EV_KEY) {
            return check_string(s, text, length, 0);
        }
        return 1;
    }
    // Directly inside the innermost open container of the path, or at the top level.
    if (ev == EV_KEY) return check_string(s, text, length, 1);
    if (is_end(ev)) {
        s->doc_depth--;
        return fail_not_found(s);
    }
    nav_frame *frame = s->nav_count ? &s->nav[s->nav_count - 1] : NULL;
    int on_path = 1;
    if (frame) {
        on_path = frame->is_map ? frame->key_matches
                                : frame->next_index == s->path[s->nav_count - 1].index;
        if (frame->is_map) {
            frame->key_matches = 0;
            if (on_path) frame->consumed = 1;
        }
    }
    if (!on_path) {
        if (is_start(ev)) {
            s->skip_depth = 1;
            return 1;
        }
        if (ev == EV_STRING && !check_string(s, text, length, 0)) return 0;
        value_done(s);
        return 1;
    }
    if (s->nav_count == s->path_count) {
        if (ev != EV_START_ARRAY) return fail_wrong_kind(s, ev, length, flag);
        s->phase = ELEMENTS;
        return 1;
    }
    int want_map = !s->path[s->nav_count].is_index;
    if (ev != (want_map ? EV_START_MAP : EV_START_ARRAY)) return fail_wrong_kind(s, ev, length, flag);
    nav_frame *next = &s->nav[s->nav_count++];
    memset(next, 0, sizeof *next);
    next->is_map = want_map;
    return 1;
}

static int array_event(fm_stream *s, int ev, const unsigned char *text, size_t length, int flag) {
    int ok = s->phase == ELEMENTS ? element_event(s, ev, text, length, flag)
                                  : navigate(s, ev, text, length, flag);
    if (ok && !fm_stream_follow_event(s, ev)) ok = fm_stream_fail_out_of_memory(s);
    s->last_end = consumed_end(s);
    s->last_event = ev;
    if (ok && s->phase == AFTER && s->doc_depth == 0 && !s->root_done) {
        s->root_done = 1;
        s->root_end = s->last_end;
    }
    return ok;
}

// After the root closed only white space may follow. yajl reports any other token as
// trailing garbage itself, except one it is still reading when the input ends (an
// unterminated string): the whole-document parser rejects that too, so the stream must.
static void check_after_root(fm_stream *s, size_t parsed) {
    if (!s->root_done || s->failed) return;
    size_t at = s->root_end > s->base ? s->root_end - s->base : 0;
    while (at < parsed && fm_is_json_space(s->input[at])) at++;
    if (at < parsed)
        fm_stream_fail(s, FM_ERROR_TRAILING_DATA, s->base + at, "unexpected text after the end of the JSON document");
}

static int a_null(void *ctx) { return array_event(ctx, EV_NULL, NULL, 0, 0); }
static int a_boolean(void *ctx, int value) { return array_event(ctx, EV_BOOL, NULL, 0, value); }
static int a_number(void *ctx, const char *text, size_t length) {
    return array_event(ctx, EV_NUMBER, (const unsigned char *)text, length, 0);
}
static int a_string(void *ctx, const unsigned char *text, size_t length) {
    return array_event(ctx, EV_STRING, text, length, 0);
}
static int a_map_key(void *ctx, const unsigned char *text, size_t length) {
    return array_event(ctx, EV_KEY, text, length, 0);
}
static int a_start_map(void *ctx) { return array_event(ctx, EV_START_MAP, NULL, 0, 0); }
static int a_end_map(void *ctx) { return array_event(ctx, EV_END_MAP, NULL, 0, 0); }
static int a_start_array(void *ctx) { return array_event(ctx, EV_START_ARRAY, NULL, 0, 0); }
static int a_end_array(void *ctx) { return array_event(ctx, EV_END_ARRAY, NULL, 0, 0); }

const yajl_callbacks fm_stream_array_callbacks = {
    a_null, a_boolean, NULL, NULL, a_number, a_string,
    a_start_map, a_map_key, a_end_map, a_start_array, a_end_array,
};

static void fail_invalid_space(fm_stream *s, size_t offset, unsigned char byte) {
    char message[80];
    snprintf(message, sizeof message, "lexical error: invalid character 0x%02x in json text", byte);
    fm_stream_fail(s, FM_ERROR_SYNTAX, offset, message);
}

static void parse_piece(fm_stream *s, const unsigned char *bytes, size_t length) {
    fm_stream_set_input(s, bytes, length);
    size_t valid = fm_first_non_json_space(bytes, length);
    yajl_status status = yajl_parse(s->handle, bytes, valid);
    if (status == yajl_status_ok) check_after_root(s, valid);
    if (s->failed) {
        // check_after_root found text after the document
    } else if (status != yajl_status_ok) {
        fm_stream_yajl_failure(s);
    } else if (valid < length) {
        fail_invalid_space(s, s->base + valid, bytes[valid]);
    } else if (!fm_stream_keep_carry(s)) {
        fm_stream_fail_out_of_memory(s);
    } else {
        fm_stream_keep_tail_token(s);
        fm_stream_keep_gap(s);
    }
    fm_stream_advance_scan(s, s->base + length);
    s->total += length;
}

// yajl lexes a string or number it has not finished from its first byte again with every piece
// it is given, so a long one arriving in small chunks cost quadratic time: an 8 MB string in
// 8 KiB chunks took 3.5 s. A piece that cannot end the open string (no unescaped quote), or that
// is all digits after an open number, is held back instead, and the held bytes go to yajl as one
// piece once they are as long as the token so far, which keeps yajl's work linear; the hold is
// never longer than the token it continues.
// An error in held bytes is found when they are given, at its own offset. Returns 0 when out
// of memory.
static int hold_piece(fm_stream *s, const unsigned char *bytes, size_t length) {
    if (!reserve((void **)&s->hold, &s->hold_capacity, s->hold_length + length, 1)) return 0;
    memcpy(s->hold + s->hold_length, bytes, length);
    s->hold_length += length;
    return 1;
}

static void parse_held(fm_stream *s) {
    if (s->hold_length == 0) return;
    size_t length = s->hold_length;
    s->hold_length = 0;
    parse_piece(s, s->hold, length);
    fm_stream_after_piece(s, 0);
}

// Whether bytes[0..<length] continue the string open since an earlier piece (the carry, then
// the held bytes) without ending it: no quote in them that a backslash does not escape. Notes
// whether their last byte leaves a backslash pending (`hold_escaped`), for the next chunk.
static int continues_open_string(fm_stream *s, const unsigned char *bytes, size_t length) {
    if (s->carry_length == 0) return 0;
    int escaped = s->hold_length ? s->hold_escaped : carry_ends_escaped(s);
    for (size_t i = 0; i < length; i++) {
        if (escaped) {
            escaped = 0;
        } else if (bytes[i] == '\\') {
            escaped = 1;
        } else if (bytes[i] == '"') {
            return 0;
        }
    }
    s->hold_escaped = escaped;
    return 1;
}

// Whether bytes[0..<length] are all digits continuing the number open at the end of what yajl
// was given (its tail token); `*pending` is that number's length so far.
static int continues_open_number(const fm_stream *s, const unsigned char *bytes, size_t length, size_t *pending) {
    size_t start;
    if (!fm_stream_tail_number_open(s, &start)) return 0;
    for (size_t i = 0; i < length; i++)
        if (bytes[i] < '0' || bytes[i] > '9') return 0;
    *pending = s->total - start;
    return 1;
}

size_t fm_stream_feed_array(fm_stream *s, const unsigned char *bytes, size_t length) {
    size_t used = 0;
    while (used < length && s->item_count < BATCH && !s->failed) {
        // A window that takes nothing clears fast_clean: yajl reads the next piece.
        if (s->fast_clean) {
            used += fm_stream_read_window(s, bytes + used, length - used);
            continue;
        }
        int ends_at_comma;
        size_t n = fm_stream_piece_length(s, bytes + used, length - used, &ends_at_comma);
        size_t pending = s->carry_length;
        // Not while yajl reads again what a simdjson window gave back: those pieces end where the
        // window did (fm_stream_piece_length counts from `total`).
        int holdable = !s->fast_clean && s->fast_resume <= s->total;
        if (holdable &&
            (continues_open_string(s, bytes + used, n) || continues_open_number(s, bytes + used, n, &pending))) {
            if (!hold_piece(s, bytes + used, n)) {
                fm_stream_fail_out_of_memory(s);
                break;
            }
            used += n;
            if (s->hold_length >= pending) parse_held(s);
            continue;
        }
        parse_held(s);
        if (s->failed) break;
        parse_piece(s, bytes + used, n);
        fm_stream_after_piece(s, ends_at_comma);
        used += n;
    }
    return used;
}

int fm_stream_finish_array(fm_stream *s) {
    parse_held(s);
    if (s->failed) return -1;
    // yajl flushes a pending number with one more byte of its own: nothing of ours is in it.
    s->input = NULL;
    s->input_length = 0;
    s->base = s->total;
    s->builder.input = NULL;
    s->builder.input_length = 0;
    s->builder.offset_base = s->total;
    int truncated = 0;
    yajl_status status = fm_yajl_finish(s->handle, &truncated);
    if (s->failed) return -1;
    if (status != yajl_status_ok) {
        if (truncated) {
            fm_stream_fail(s, FM_ERROR_TRUNCATED, s->total,
                 s->total == 0 ? "the input is empty" : "unexpected end of input: the document is truncated");
        } else {
            fm_stream_yajl_failure(s);
        }
        return -1;
    }
    return 0;
}
