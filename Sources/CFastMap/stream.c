#include "builder.h"
#include "fastmap_stream.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Element-by-element parsing of huge inputs (see fastmap_stream.h).
//
// Array mode runs one yajl handle over the whole input. Until the target array opens, events
// only steer along the path (everything off the path is skipped, its strings still checked).
// Inside the array, each element's events go to an fm_builder; a finished element is queued.
// An element that breaks a builder rule (bad UTF-8, lone surrogate, number out of range, too
// deep) is queued as a failure and parsing goes on, since the grammar is intact. Grammar
// errors end the stream: yajl cannot resynchronise.
//
// Lines mode splits the input on '\n' and parses each non-blank line as one value with a
// reused yajl handle, so a bad line costs only itself.

enum {
    PIECE = 16 * 1024,       // bytes per yajl_parse call: bounds the elements one call can queue
    BATCH = 256,             // a feed returns once this many elements are queued
    ARENA_SPAN = 16 * 1024,   // input bytes whose elements share one arena
    ARENA_BYTES = 40 * 1024,  // size hint for fm_arena_create: its first chunk (about 3x) holds
                              // the trees of ARENA_SPAN bytes of typical records (about 5x)
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
    size_t total;  // bytes taken so far
    size_t last_end;  // absolute offset just after the token of the latest yajl callback

    // Array mode: the bytes of a string token that began in an earlier piece, from its
    // opening quote on. Lines mode: the start of a line that has no '\n' yet.
    unsigned char *carry;
    size_t carry_length, carry_capacity, carry_start;

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

    // Arenas. Elements are built in `arena` (all of an element in one arena); a new arena
    // starts every ARENA_SPAN bytes. An arena belongs to the stream until an item built in it
    // is handed over by fm_stream_clear.
    int use_arenas;
    fm_arena *arena;
    size_t arena_start;
    size_t arena_items;  // items built in `arena` and not handed over yet
    int arena_handed;
    fm_arena *outer;  // the thread's own current arena, restored when a call returns
    int building;     // an element is being built in `arena`
    int element_in_arena;  // the element being built uses `arena` (see fm_arena_hooks_active)

    // The memory budget of each element (limit SIZE_MAX: none), current on the thread during
    // every call; `used` starts from zero with each element.
    fm_budget budget;
    fm_budget *outer_budget;

    // A UTF-8 byte order mark at the very start is skipped, as JSONDecoder does.
    int mark_decided;
    size_t mark_held;  // bytes of a possible mark seen so far
};

// MARK: - Small helpers

static int reserve(void **buffer, size_t *capacity, size_t needed, size_t size) {
    if (needed <= *capacity) return 1;
    size_t grown = *capacity ? *capacity * 2 : 64;
    while (grown < needed) grown *= 2;
    void *bigger = realloc(*buffer, grown * size);
    if (!bigger) return 0;
    *buffer = bigger;
    *capacity = grown;
    return 1;
}

static int carry_append(fm_stream *s, const unsigned char *bytes, size_t length) {
    if (!reserve((void **)&s->carry, &s->carry_capacity, s->carry_length + length, 1)) return 0;
    memcpy(s->carry + s->carry_length, bytes, length);
    s->carry_length += length;
    return 1;
}

static void trim_message(char *message) {
    size_t n = strlen(message);
    while (n > 0 && (message[n - 1] == '\n' || message[n - 1] == ' ')) message[--n] = '\0';
}


static int is_start(int ev) { return ev == EV_START_MAP || ev == EV_START_ARRAY; }
static int is_end(int ev) { return ev == EV_END_MAP || ev == EV_END_ARRAY; }

static int found_type(int ev, int flag) {
    switch (ev) {
        case EV_START_MAP: return JSON_OBJECT;
        case EV_START_ARRAY: return JSON_ARRAY;
        case EV_STRING: return JSON_STRING;
        case EV_NUMBER: return JSON_INTEGER;
        case EV_BOOL: return flag ? JSON_TRUE : JSON_FALSE;
        default: return JSON_NULL;
    }
}

// MARK: - Positions

// Counts the newlines of the current input up to `offset` (absolute, not before scan_at).
static void advance_scan(fm_stream *s, size_t offset) {
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
static void locate(fm_stream *s, size_t offset, size_t *line, size_t *column) {
    advance_scan(s, offset);
    *line = s->scan_lines + 1;
    *column = offset >= s->scan_line_start ? offset - s->scan_line_start + 1 : 1;
}

static size_t consumed_end(fm_stream *s) { return s->base + yajl_get_bytes_consumed(s->handle); }

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
static size_t token_start(fm_stream *s, int ev, size_t length, int flag) {
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
static int stream_raw_lookup(fm_builder *b, const unsigned char **raw, size_t *raw_length,
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
static int keep_carry(fm_stream *s) {
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

static int fail(fm_stream *s, int kind, size_t offset, const char *message) {
    if (s->failed) return 0;
    s->failed = 1;
    fm_parse_error *e = &s->failure.error;
    e->kind = kind;
    e->offset = offset;
    if (s->mode == FM_STREAM_ARRAY) {
        locate(s, offset, &e->line, &e->column);
    } else {
        e->line = s->line_number ? s->line_number : 1;
        e->column = 1;
    }
    snprintf(e->message, sizeof e->message, "%s", message);
    s->failure.elements = s->next_index;
    return 0;
}

static int fail_out_of_memory(fm_stream *s) {
    return fail(s, FM_ERROR_OUT_OF_MEMORY, s->total, "out of memory while reading the stream");
}

// A builder error outside any element (in the envelope) ends the stream.
static int fail_from_scratch(fm_stream *s) {
    fm_parse_error error = s->scratch;
    s->scratch.kind = FM_OK;
    return fail(s, error.kind, error.offset, error.message);
}

static void yajl_failure(fm_stream *s) {
    if (s->failed) return;  // a callback stopped the parse and said why
    unsigned char *text = yajl_get_error(s->handle, 0, s->input, s->input_length);
    char message[256];
    snprintf(message, sizeof message, "%s", text ? (char *)text : "syntax error");
    if (text) yajl_free_error(s->handle, text);
    trim_message(message);
    size_t offset = consumed_end(s);
    if (strstr(message, "trailing garbage")) {
        // Point at the first byte after the document, not past the token yajl read.
        size_t at = s->last_end > s->base ? s->last_end - s->base : 0;
        while (at < s->input_length && fm_is_json_space(s->input[at])) at++;
        fail(s, FM_ERROR_TRAILING_DATA, s->base + at,
             "unexpected text after the end of the JSON document");
        return;
    }
    fail(s, FM_ERROR_SYNTAX, offset, message);
}

// MARK: - Arenas

// Makes the arena for an element starting at `offset` current on this thread.
static int begin_arena(fm_stream *s, size_t offset) {
    // When another library has taken over jansson's hooks, elements are reference counted.
    s->element_in_arena = s->use_arenas && fm_arena_hooks_active();
    if (!s->element_in_arena) return 1;
    // An arena with queued items that were not handed over yet stays until they are, so
    // that every arena the caller has not adopted is the current one.
    int rotate = !s->arena || (offset - s->arena_start >= ARENA_SPAN &&
                               (s->arena_handed || s->arena_items == 0));
    if (rotate) {
        if (s->arena && !s->arena_handed) fm_arena_destroy(s->arena);  // nothing of it escaped
        s->arena = fm_arena_create(ARENA_BYTES);
        if (!s->arena) return fail_out_of_memory(s);
        s->arena_start = offset;
        s->arena_items = 0;
        s->arena_handed = 0;
    }
    fm_arena_set_current(s->arena);
    s->building = 1;
    return 1;
}

static void end_arena(fm_stream *s) {
    if (!s->building) return;
    fm_arena_set_current(s->outer);
    s->building = 0;
}

// Around every entry point: elements being built allocate in their arena, nothing else does,
// and every jansson allocation counts against the element's budget.
static void enter_call(fm_stream *s) {
    s->outer = fm_arena_current();
    if (s->building) fm_arena_set_current(s->arena);
    s->outer_budget = fm_budget_current();
    fm_budget_set_current(s->budget.limit == SIZE_MAX ? NULL : &s->budget);
}

static void leave_call(fm_stream *s) {
    fm_arena_set_current(s->outer);
    fm_budget_set_current(s->outer_budget);
}

static void reset_budget(fm_stream *s) {
    s->budget.used = 0;
    s->budget.exceeded = 0;
}

// MARK: - Queue

static int push_item(fm_stream *s, json_t *root) {
    if (!reserve((void **)&s->items, &s->item_capacity, s->item_count + 1, sizeof(fm_stream_item)))
        return 0;
    fm_stream_item *item = &s->items[s->item_count++];
    item->root = root;
    item->arena = root && s->element_in_arena ? s->arena : NULL;
    if (item->arena) s->arena_items++;
    item->index = s->next_index++;
    item->offset = s->element_offset;
    item->line = s->element_line;
    item->column = s->element_column;
    item->failure = 0;
    return 1;
}

static int complete_element(fm_stream *s) {
    json_t *root = s->builder.root;
    s->builder.root = NULL;
    int pushed = push_item(s, root);
    if (!pushed) json_decref(root);  // a no-op for arena nodes, freed with their arena
    end_arena(s);
    return pushed ? 1 : fail_out_of_memory(s);
}

static int complete_failed(fm_stream *s) {
    s->element_failed = 0;
    end_arena(s);
    if (!reserve((void **)&s->errors, &s->error_capacity, s->error_count + 1, sizeof(fm_parse_error)) ||
        !push_item(s, NULL))
        return fail_out_of_memory(s);
    s->errors[s->error_count++] = s->pending;
    s->items[s->item_count - 1].failure = s->error_count;
    return 1;
}

// Turns the builder's error into the pending failure of the current element.
static void take_element_error(fm_stream *s) {
    fm_builder_discard(&s->builder);
    if (s->building && s->arena && !s->arena_handed && s->arena_items == 0) {
        // Nothing built in this arena survives: free what the failed element took now (up to
        // its whole memory budget) instead of when the arena would have rotated.
        fm_arena_set_current(s->outer);
        fm_arena_destroy(s->arena);
        s->arena = NULL;
        s->building = 0;
    }
    s->pending = s->scratch;
    s->scratch.kind = FM_OK;
    if (s->pending.kind == FM_ERROR_DEPTH) {
        snprintf(s->pending.message, sizeof s->pending.message,
                 "Too many nested arrays or dictionaries (more than %zu levels).", s->max_depth);
    }
}

// MARK: - Array mode

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
            return complete_failed(s);
        }
        return 1;
    }
    if (b->depth == 0) {
        if (ev == EV_END_ARRAY) {  // the target array closes
            s->phase = AFTER;
            s->doc_depth--;
            return 1;
        }
        s->element_offset = token_start(s, ev, length, flag);
        locate(s, s->element_offset, &s->element_line, &s->element_column);
        reset_budget(s);
        if (!begin_arena(s, s->element_offset)) return 0;
    }
    if (!build(s, ev, text, length, flag)) {
        if (s->scratch.kind == FM_ERROR_OUT_OF_MEMORY) return fail_from_scratch(s);
        // A container refused for depth still has its closing event to come.
        size_t open = b->depth + (is_start(ev) ? 1 : 0);
        locate(s, s->scratch.offset, &s->scratch.line, &s->scratch.column);
        take_element_error(s);
        if (open == 0) return complete_failed(s);
        s->element_failed = 1;
        s->fail_depth = open;
        return 1;
    }
    if (b->depth == 0) return complete_element(s);
    return 1;
}

// Checks a string outside the elements with the builder's rules.
static int check_string(fm_stream *s, const unsigned char *text, size_t length, int is_key) {
    const unsigned char *bytes;
    size_t count;
    unsigned char *owned;
    if (!fm_builder_string_bytes(&s->builder, text, length, &bytes, &count, &owned))
        return fail_from_scratch(s);
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
    s->failure.found = found_type(ev, flag);
    const char *wanted = s->nav_count == s->path_count      ? "an array"
                         : s->path[s->nav_count].is_index ? "an array"
                                                          : "an object";
    char message[128];
    snprintf(message, sizeof message, "expected %s on the path", wanted);
    return fail(s, FM_ERROR_WRONG_KIND, token_start(s, ev, length, flag), message);
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
    return fail(s, FM_ERROR_PATH_NOT_FOUND, consumed_end(s) - 1, message);
}

static int navigate(fm_stream *s, int ev, const unsigned char *text, size_t length, int flag) {
    if (is_start(ev) && ++s->doc_depth > s->max_depth) {
        char message[160];
        snprintf(message, sizeof message,
                 "Too many nested arrays or dictionaries (more than %zu levels).", s->max_depth);
        return fail(s, FM_ERROR_DEPTH, consumed_end(s), message);
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
    s->last_end = consumed_end(s);
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
        fail(s, FM_ERROR_TRAILING_DATA, s->base + at, "unexpected text after the end of the JSON document");
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

static const yajl_callbacks array_callbacks = {
    a_null, a_boolean, NULL, NULL, a_number, a_string,
    a_start_map, a_map_key, a_end_map, a_start_array, a_end_array,
};

static void fail_invalid_space(fm_stream *s, size_t offset, unsigned char byte) {
    char message[80];
    snprintf(message, sizeof message, "lexical error: invalid character 0x%02x in json text", byte);
    fail(s, FM_ERROR_SYNTAX, offset, message);
}

static void parse_piece(fm_stream *s, const unsigned char *bytes, size_t length) {
    s->input = bytes;
    s->input_length = length;
    s->base = s->total;
    s->builder.input = bytes;
    s->builder.input_length = length;
    s->builder.offset_base = s->base;
    size_t valid = fm_first_non_json_space(bytes, length);
    yajl_status status = yajl_parse(s->handle, bytes, valid);
    if (status == yajl_status_ok) check_after_root(s, valid);
    if (s->failed) {
        // check_after_root found text after the document
    } else if (status != yajl_status_ok) {
        yajl_failure(s);
    } else if (valid < length) {
        fail_invalid_space(s, s->base + valid, bytes[valid]);
    } else if (!keep_carry(s)) {
        fail_out_of_memory(s);
    }
    advance_scan(s, s->base + length);
    s->total += length;
}

// MARK: - Lines mode

// A second value on one line is an error (yajl itself would accept it: multiple values are on
// so that one handle serves every line).
static int single_value(fm_stream *s) {
    if (s->builder.depth == 0 && s->builder.root != NULL)
        return fm_builder_fail(&s->builder, FM_ERROR_SYNTAX, "more than one JSON value on one line");
    return 1;
}

static int l_null(void *ctx) {
    fm_stream *s = ctx;
    return single_value(s) && fm_build_null(&s->builder);
}
static int l_boolean(void *ctx, int value) {
    fm_stream *s = ctx;
    return single_value(s) && fm_build_boolean(&s->builder, value);
}
static int l_number(void *ctx, const char *text, size_t length) {
    fm_stream *s = ctx;
    return single_value(s) && fm_build_number(&s->builder, text, length);
}
static int l_string(void *ctx, const unsigned char *text, size_t length) {
    fm_stream *s = ctx;
    return single_value(s) && fm_build_string(&s->builder, text, length);
}
static int l_map_key(void *ctx, const unsigned char *text, size_t length) {
    fm_stream *s = ctx;
    return fm_build_map_key(&s->builder, text, length);
}
static int l_start_map(void *ctx) {
    fm_stream *s = ctx;
    return single_value(s) && fm_build_start_map(&s->builder);
}
static int l_start_array(void *ctx) {
    fm_stream *s = ctx;
    return single_value(s) && fm_build_start_array(&s->builder);
}
static int l_end(void *ctx) {
    fm_stream *s = ctx;
    return fm_build_end_container(&s->builder);
}

static const yajl_callbacks line_callbacks = {
    l_null, l_boolean, NULL, NULL, l_number, l_string,
    l_start_map, l_map_key, l_end, l_start_array, l_end,
};

static yajl_handle new_handle(fm_stream *s) {
    yajl_handle handle =
        yajl_alloc(s->mode == FM_STREAM_ARRAY ? &array_callbacks : &line_callbacks, NULL, s);
    if (!handle) return NULL;
    // FastMap validates UTF-8 itself, more strictly than yajl does.
    yajl_config(handle, yajl_dont_validate_strings, 1);
    if (s->mode == FM_STREAM_LINES) yajl_config(handle, yajl_allow_multiple_values, 1);
    s->builder.handle = handle;
    return handle;
}

// Parses one line; `bytes` ends with its '\n'.
static void parse_line(fm_stream *s, const unsigned char *bytes, size_t length, size_t offset) {
    s->line_number++;
    size_t lead = 0;
    while (lead < length && fm_is_json_space(bytes[lead])) lead++;
    if (lead == length) return;  // blank lines separate nothing and are skipped

    fm_builder *b = &s->builder;
    b->input = bytes;
    b->input_length = length;
    b->offset_base = offset;
    s->element_offset = offset + lead;
    s->element_line = s->line_number;
    s->element_column = lead + 1;
    reset_budget(s);
    if (!begin_arena(s, s->element_offset)) return;
    size_t valid = fm_first_non_json_space(bytes, length);
    yajl_status status = yajl_parse(s->handle, bytes, valid);
    if (status == yajl_status_ok && valid < length && s->scratch.kind == FM_OK) {
        s->scratch.kind = FM_ERROR_SYNTAX;
        s->scratch.offset = offset + valid;
        snprintf(s->scratch.message, sizeof s->scratch.message,
                 "lexical error: invalid character 0x%02x in json text", bytes[valid]);
        status = yajl_status_error;
    }
    if (status == yajl_status_ok && b->root && b->depth == 0) {
        complete_element(s);
        return;
    }
    if (s->scratch.kind == FM_ERROR_OUT_OF_MEMORY) {
        fm_builder_discard(b);
        end_arena(s);
        fail_from_scratch(s);
        return;
    }
    if (s->scratch.kind == FM_OK) {
        fm_parse_error *e = &s->scratch;
        if (status != yajl_status_ok) {
            unsigned char *text = yajl_get_error(s->handle, 0, bytes, length);
            e->kind = FM_ERROR_SYNTAX;
            e->offset = offset + yajl_get_bytes_consumed(s->handle);
            snprintf(e->message, sizeof e->message, "%s", text ? (char *)text : "syntax error");
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
    take_element_error(s);
    if (!complete_failed(s)) return;
    // yajl cannot go on after an error or inside an unfinished value: start afresh.
    yajl_free(s->handle);
    s->handle = new_handle(s);
    if (!s->handle) fail_out_of_memory(s);
}

static size_t feed_lines(fm_stream *s, const unsigned char *bytes, size_t length) {
    size_t used = 0;
    while (used < length && s->item_count < BATCH && !s->failed) {
        const unsigned char *start = bytes + used;
        const unsigned char *newline = memchr(start, '\n', length - used);
        if (!newline) {
            if (s->carry_length == 0) s->carry_start = s->total + used;
            if (!carry_append(s, start, length - used)) fail_out_of_memory(s);
            used = length;
            break;
        }
        size_t n = (size_t)(newline - start) + 1;
        if (s->carry_length) {
            if (!carry_append(s, start, n)) {
                fail_out_of_memory(s);
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

// MARK: - API

fm_stream *fm_stream_create(int mode, const fm_stream_step *path, size_t path_count,
                            size_t max_depth, int use_arenas) {
    fm_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->mode = mode;
    s->use_arenas = use_arenas != 0;
    s->budget.limit = SIZE_MAX;
    s->max_depth = max_depth;
    s->path_count = mode == FM_STREAM_ARRAY ? path_count : 0;
    size_t key_bytes = 0;
    for (size_t i = 0; i < s->path_count; i++) key_bytes += path[i].is_index ? 0 : path[i].key_length;
    s->path = calloc(s->path_count + 1, sizeof *s->path);
    s->path_keys = malloc(key_bytes + 1);
    s->nav = calloc(s->path_count + 1, sizeof *s->nav);
    // Elements sit inside every container of the path and the array itself.
    size_t element_depth = max_depth > s->path_count + 1 ? max_depth - s->path_count - 1 : 0;
    if (!s->path || !s->path_keys || !s->nav ||
        !fm_builder_init(&s->builder, mode == FM_STREAM_ARRAY ? element_depth : max_depth, &s->scratch)) {
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
        s->builder.raw_lookup = stream_raw_lookup;
        s->builder.raw_context = s;
    }
    s->phase = SEEK;
    if (!new_handle(s)) {
        fm_stream_free(s);
        return NULL;
    }
    s->handle = s->builder.handle;
    return s;
}

void fm_stream_free(fm_stream *s) {
    if (!s) return;
    for (size_t i = 0; i < s->item_count; i++)
        if (s->items[i].root && !s->items[i].arena) json_decref(s->items[i].root);
    if (s->builder.stack) {
        // A half-built element: with arenas its frees must be no-ops.
        fm_arena *outer = fm_arena_current();
        if (s->building) fm_arena_set_current(s->arena);
        fm_builder_discard(&s->builder);
        fm_arena_set_current(outer);
    }
    fm_builder_destroy(&s->builder);
    if (s->arena && !s->arena_handed) fm_arena_destroy(s->arena);
    if (s->handle) yajl_free(s->handle);
    free(s->items);
    free(s->errors);
    free(s->carry);
    free(s->nav);
    free(s->path);
    free(s->path_keys);
    free(s);
}

static const unsigned char byte_order_mark[3] = {0xEF, 0xBB, 0xBF};

static size_t feed_body(fm_stream *s, const unsigned char *bytes, size_t length) {
    if (s->mode == FM_STREAM_LINES) return feed_lines(s, bytes, length);
    size_t used = 0;
    while (used < length && s->item_count < BATCH && !s->failed) {
        size_t n = length - used < PIECE ? length - used : PIECE;
        parse_piece(s, bytes + used, n);
        used += n;
    }
    return used;
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
    if (s->finished) return fail(s, FM_ERROR_SYNTAX, s->total, "input after the end of the stream"), -1;
    enter_call(s);
    size_t mark = take_byte_order_mark(s, bytes, length);
    *consumed = mark + (s->failed ? 0 : feed_body(s, bytes + mark, length - mark));
    leave_call(s);
    return s->failed ? -1 : 0;
}

int fm_stream_finish(fm_stream *s) {
    if (s->failed) return -1;
    if (s->finished) return 0;
    if (!s->mark_decided && s->mark_held) {
        // The input was only the start of a byte order mark: parse it as text.
        enter_call(s);
        s->mark_decided = 1;
        size_t held = s->mark_held;
        s->mark_held = 0;
        feed_body(s, byte_order_mark, held);
        leave_call(s);
        if (s->failed) return -1;
    }
    s->finished = 1;
    if (s->mode == FM_STREAM_LINES) {
        if (s->carry_length) {
            if (!carry_append(s, (const unsigned char *)"\n", 1)) return fail_out_of_memory(s), -1;
            enter_call(s);
            parse_line(s, s->carry, s->carry_length, s->carry_start);
            leave_call(s);
            s->carry_length = 0;
        }
        return s->failed ? -1 : 0;
    }
    // yajl flushes a pending number with one more byte of its own: nothing of ours is in it.
    s->input = NULL;
    s->input_length = 0;
    s->base = s->total;
    s->builder.input = NULL;
    s->builder.input_length = 0;
    s->builder.offset_base = s->total;
    enter_call(s);
    yajl_status status = yajl_complete_parse(s->handle);
    leave_call(s);
    if (s->failed) return -1;
    if (status != yajl_status_ok) {
        unsigned char *text = yajl_get_error(s->handle, 0, NULL, 0);
        int truncated = text && strstr((char *)text, "premature EOF");
        if (text) yajl_free_error(s->handle, text);
        if (truncated) {
            fail(s, FM_ERROR_TRUNCATED, s->total,
                 s->total == 0 ? "the input is empty" : "unexpected end of input: the document is truncated");
        } else {
            yajl_failure(s);
        }
        return -1;
    }
    return 0;
}

size_t fm_stream_item_count(const fm_stream *s) { return s->item_count; }

const fm_stream_item *fm_stream_items(const fm_stream *s) { return s->items; }

const fm_parse_error *fm_stream_item_error(const fm_stream *s, const fm_stream_item *item) {
    return item->failure ? &s->errors[item->failure - 1] : NULL;
}

void fm_stream_clear(fm_stream *s) {
    s->item_count = 0;
    s->error_count = 0;
    // The caller has adopted the arena its items named.
    if (s->arena_items) s->arena_handed = 1;
    s->arena_items = 0;
}

const fm_stream_failure *fm_stream_failure_info(const fm_stream *s) { return &s->failure; }

size_t fm_stream_bytes_read(const fm_stream *s) { return s->total; }

void fm_stream_set_memory_limit(fm_stream *s, size_t memory_limit) { s->budget.limit = memory_limit; }
