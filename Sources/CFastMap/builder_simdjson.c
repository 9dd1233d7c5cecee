#include "builder.h"

#include <stdlib.h>
#include <string.h>

#include "fastmap_simdjson.h"

// The simdjson engine: simdjson's tokenizer (CFastMapSimdjson) reporting tokens to the same
// builder the yajl engine drives, so the documents follow the same rules (numbers by
// fm_build_number, first duplicate key wins, the depth limit, the memory limit). Errors are not
// reported here at all: whatever simdjson or the builder rejects, fm_parse (dialect.c) gives to
// the yajl engine, which either accepts it (a dialect this walk does not read) or reports
// FastMap's exact error, kind, line, column and offset. A valid document is read once; a
// rejected one twice.

typedef struct walk_context {
    fm_builder *builder;
    fm_string_scratch scratch;  // decoded strings with escapes
} walk_context;

static int hex_digit(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Four hex digits at p (at least 4 bytes readable), or -1.
static long hex4(const unsigned char *p) {
    long value = 0;
    for (int i = 0; i < 4; i++) {
        int digit = hex_digit(p[i]);
        if (digit < 0) return -1;
        value = value << 4 | digit;
    }
    return value;
}

// The escape at raw[i] (a backslash; `length` bounds the text): the code point it stands for
// in *code and the bytes it takes (2, 6, or 12 for a surrogate pair), or 0 for anything yajl
// must judge: a malformed escape or a lone surrogate. Inlined into the decoder and the check:
// called out of line, it added a third to the decoding of twitter.json's escaped strings.
static inline __attribute__((always_inline)) size_t read_escape(const unsigned char *raw, size_t i, size_t length,
                                                          unsigned *code) {
    if (i + 1 >= length) return 0;
    switch (raw[i + 1]) {
        case '"': *code = '"'; return 2;
        case '\\': *code = '\\'; return 2;
        case '/': *code = '/'; return 2;
        case 'b': *code = '\b'; return 2;
        case 'f': *code = '\f'; return 2;
        case 'n': *code = '\n'; return 2;
        case 'r': *code = '\r'; return 2;
        case 't': *code = '\t'; return 2;
        case 'u': break;
        default: return 0;
    }
    long high = i + 6 <= length ? hex4(raw + i + 2) : -1;
    if (high < 0 || (high >= 0xDC00 && high <= 0xDFFF)) return 0;
    if (high < 0xD800 || high > 0xDBFF) {
        *code = (unsigned)high;
        return 6;
    }
    long low = i + 12 <= length && raw[i + 6] == '\\' && raw[i + 7] == 'u' ? hex4(raw + i + 8) : -1;
    if (low < 0xDC00 || low > 0xDFFF) return 0;
    *code = (unsigned)(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00));
    return 12;
}

// Decodes the raw text of a string (between its quotes) into out (room for `length` bytes:
// no escape decodes longer than it is written). Returns the decoded length, or SIZE_MAX for
// anything yajl must judge: a malformed escape or a lone surrogate (raw control characters
// never reach here: simdjson's first pass rejects them, see fm_simdjson_string_bytes).
// The text between escapes is copied a run at a time (memchr finds the next backslash with
// SIMD): prose with a newline escape every sentence was decoded a byte at a time before, which
// made this function the top of gsoc-2018's profile.
static size_t decode_string(const unsigned char *raw, size_t length, const unsigned char *backslash,
                            unsigned char *out) {
    size_t n = 0;
    for (size_t i = 0;;) {
        // `backslash`: the next one from i (the caller found the first), or NULL.
        size_t run = (backslash ? (size_t)(backslash - raw) : length) - i;
        memcpy(out + n, raw + i, run);
        n += run;
        i += run;
        if (!backslash) break;
        unsigned code;
        size_t taken = read_escape(raw, i, length, &code);
        if (!taken) return SIZE_MAX;
        i += taken;
        if (code < 0x80) {
            out[n++] = (unsigned char)code;
        } else {
            n += fm_put_utf8(out + n, code);
        }
        backslash = i < length ? memchr(raw + i, '\\', length - i) : NULL;
    }
    return n;
}

// Whether every escape of string text (`backslash` is its first, or NULL) is one this engine
// decodes: 0 for what yajl must judge (a malformed escape, a lone surrogate). Out of line: few
// strings hold a backslash, and inlined it would make each skipped string's check bigger.
__attribute__((noinline)) static int escapes_valid(const unsigned char *raw, size_t length,
                                                   const unsigned char *backslash) {
    while (backslash) {
        unsigned code;
        size_t i = (size_t)(backslash - raw);
        size_t taken = read_escape(raw, i, length, &code);
        if (!taken) return 0;
        i += taken;
        backslash = i < length ? memchr(raw + i, '\\', length - i) : NULL;
    }
    return 1;
}

// Whether a string token that simdjson's first pass has checked (UTF-8, no raw control
// characters) is one fm_simdjson_string_bytes decodes, without decoding it: the strings a
// build skips.
static inline int string_valid(const unsigned char *raw, size_t length) {
    const unsigned char *backslash = fm_simdjson_find_backslash(raw, length);
    return !backslash || escapes_valid(raw, length, backslash);
}

// Text with escapes, decoded into the scratch buffer. simdjson's first pass has checked the
// UTF-8 of the whole text and rejected raw control characters inside strings, so only the
// escapes are left to judge.
const unsigned char *fm_simdjson_decode_escaped(fm_string_scratch *scratch, const unsigned char *raw,
                                                size_t length, const unsigned char *backslash,
                                                size_t *count) {
    if (length > scratch->capacity) {
        size_t capacity = scratch->capacity ? scratch->capacity : 256;
        while (capacity < length) capacity *= 2;
        unsigned char *grown = realloc(scratch->bytes, capacity);
        if (!grown) return NULL;
        scratch->bytes = grown;
        scratch->capacity = capacity;
    }
    *count = decode_string(raw, length, backslash, scratch->bytes);
    return *count == SIZE_MAX ? NULL : scratch->bytes;
}

int fm_build_simdjson_string(fm_builder *b, fm_string_scratch *scratch, const unsigned char *raw, size_t length) {
    if (!fm_build_keeps_scalar(b)) return string_valid(raw, length);
    size_t count;
    const unsigned char *bytes = fm_simdjson_string_bytes(scratch, raw, length, &count);
    return bytes && fm_build_final_string(b, bytes, count);
}

static int on_null(void *context) { return fm_build_null(((walk_context *)context)->builder); }

static int on_boolean(void *context, int value) {
    return fm_build_boolean(((walk_context *)context)->builder, value);
}

static int on_number(void *context, const char *text, size_t length) {
    return fm_build_checked_number(((walk_context *)context)->builder, text, length);
}

static int on_string(void *context, const unsigned char *raw, size_t length) {
    walk_context *w = context;
    return fm_build_simdjson_string(w->builder, &w->scratch, raw, length);
}

static int on_key(void *context, const unsigned char *raw, size_t length) {
    walk_context *w = context;
    fm_builder *b = w->builder;
    size_t count;
    const unsigned char *bytes = fm_simdjson_string_bytes(&w->scratch, raw, length, &count);
    return fm_build_key_or_skip(b, bytes && fm_build_final_map_key(b, bytes, count));
}

int fm_build_key_or_skip(fm_builder *b, int key_result) {
    if (!key_result || !b->skip_value) return key_result;
    // The schema does not read this member: the walk checks its value without reporting it.
    b->skip_value = 0;
    return FM_SIMDJSON_SKIP_VALUE;
}

int fm_simdjson_check_string(void *context, const unsigned char *raw, size_t length) {
    (void)context;
    return string_valid(raw, length);
}

int fm_simdjson_check_number(void *context, const char *text, size_t length) {
    (void)context;
    return fm_json_number_grammar(text, length);
}

static int on_start_object(void *context) { return fm_build_start_map(((walk_context *)context)->builder); }
static int on_start_array(void *context) { return fm_build_start_array(((walk_context *)context)->builder); }
static int on_end_container(void *context) {
    return fm_build_end_container(((walk_context *)context)->builder);
}

static const fm_simdjson_events builder_events = {
    on_null, on_boolean, on_number, on_string, on_key, on_start_object, on_start_array, on_end_container,
    fm_simdjson_check_string, fm_simdjson_check_number,
};

// One walk building the document's cells; the root, or NULL when simdjson or the builder
// rejected the text (nothing is reported: yajl reads it again and tells why).
static const fm_cell *build(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
                            int trailing_commas, const fm_sparse_schema *schema) {
    fm_parse_error ignored;
    memset(&ignored, 0, sizeof ignored);
    fm_builder b;
    if (!fm_builder_init(&b, doc, max_depth, &ignored)) {
        fm_builder_destroy(&b);
        return NULL;
    }
    b.sparse = schema;
    walk_context w = {&b, {NULL, 0}};
    fm_simdjson_status status = fm_simdjson_walk(text, length, &builder_events, max_depth, trailing_commas, &w);
    free(w.scratch.bytes);
    const fm_cell *root = NULL;
    if (status == FM_SIMDJSON_OK && b.root && b.depth == 0 && ignored.kind == FM_OK) {
        root = b.root;
    } else {
        fm_builder_discard(&b);
    }
    fm_builder_destroy(&b);
    return root;
}

// Documents the simdjson walk built on this thread (the rest went to yajl), for tests.
static _Thread_local size_t simdjson_documents;

size_t fm_test_simdjson_documents(void) { return simdjson_documents; }

size_t fm_test_simdjson_kept_bytes(void) { return fm_simdjson_kept_bytes(); }

size_t fm_test_simdjson_skipped_values(void) { return fm_simdjson_skipped_values(); }

size_t fm_test_simdjson_implementation(char *name, size_t capacity) {
    return fm_simdjson_implementation(name, capacity);
}

int fm_test_own_simd_paths(void) {
#if defined(FM_SSE2)
    return 1;
#else
    return 0;
#endif
}

int fm_parse_simdjson(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
                      int trailing_commas, const fm_sparse_schema *schema, const fm_cell **root) {
    *root = build(doc, text, length, max_depth, trailing_commas, schema);
    if (!*root) {
        fm_doc_discard_values(doc);
        return -1;
    }
    simdjson_documents++;
    return 0;
}
