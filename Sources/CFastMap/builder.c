#include "builder.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// yajl tokens -> jansson nodes. yajl validates the grammar; this file applies FastMap's rules
// on top: first duplicate key wins, integers up to UInt64.max, `-0` kept as a negative zero,
// strict UTF-8, lone surrogates rejected, and a nesting limit instead of unbounded recursion.
// Numbers beyond those ranges keep their text (fm_number_text_node in dialect.c).

enum { FM_INITIAL_FRAMES = 32 };

int fm_builder_fail(fm_builder *b, int kind, const char *message) {
    if (b->error->kind != FM_OK) return 0;
    b->error->kind = kind;
    b->error->offset = b->offset_base + yajl_get_bytes_consumed(b->handle);
    snprintf(b->error->message, sizeof b->error->message, "%s", message);
    return 0;
}

static int fail_out_of_memory(fm_builder *b) {
    fm_budget *budget = fm_budget_current();
    if (budget && budget->exceeded) {
        char message[160];
        snprintf(message, sizeof message, "The document needs more than the memory limit of %zu bytes.",
                 budget->limit);
        return fm_builder_fail(b, FM_ERROR_MEMORY_LIMIT, message);
    }
    return fm_builder_fail(b, FM_ERROR_OUT_OF_MEMORY, "out of memory while building the document");
}

static void note_root_complete(fm_builder *b) {
    b->root_complete = 1;
    b->root_end = b->handle ? yajl_get_bytes_consumed(b->handle) : 0;
}

// Hands `value` (one owned reference) to the container being built.
// Sets *attached to 0 when the caller keeps ownership (a duplicate key: the first one wins).
static int attach(fm_builder *b, json_t *value, int *attached) {
    if (!value) return fail_out_of_memory(b);
    if (b->depth == 0) {
        b->root = value;
        // A container root is complete only at its closing bracket (fm_build_end_container).
        if (!json_is_array(value) && !json_is_object(value)) note_root_complete(b);
        *attached = 1;
        return 1;
    }
    json_t *parent = b->stack[b->depth - 1].node;
    if (json_is_array(parent)) {
        if (json_array_append_new(parent, value) != 0) return fail_out_of_memory(b);
        *attached = 1;
        return 1;
    }
    if (b->optimistic_keys) {
        size_t before = json_object_size(parent);
        if (json_object_setn_new_nocheck(parent, b->key, b->key_length, value) != 0)
            return fail_out_of_memory(b);
        *attached = 1;
        if (json_object_size(parent) != before) return 1;
        // The later member replaced the first one: this tree is wrong, start over carefully.
        b->saw_duplicate = 1;
        return 0;
    }
    if (json_object_getn(parent, b->key, b->key_length) != NULL) {
        *attached = 0;
        return 1;
    }
    if (json_object_setn_new_nocheck(parent, b->key, b->key_length, value) != 0)
        return fail_out_of_memory(b);
    *attached = 1;
    return 1;
}

static int attach_scalar(fm_builder *b, json_t *value) {
    int attached = 0;
    if (!attach(b, value, &attached)) return 0;
    if (!attached) json_decref(value);
    return 1;
}

int fm_build_null(fm_builder *b) { return attach_scalar(b, json_null()); }

int fm_build_boolean(fm_builder *b, int value) {
    return attach_scalar(b, value ? json_true() : json_false());
}

int fm_build_number(fm_builder *b, const char *text, size_t length) {
    // One scan over the leading digits: most numbers are integers, which end right there.
    int negative = text[0] == '-';
    size_t i = negative ? 1 : 0;
    uint64_t magnitude = 0;
    while (i < length && (unsigned)(text[i] - '0') < 10) magnitude = magnitude * 10 + (uint64_t)(text[i++] - '0');
    if (i == length) {
        size_t digits = length - (negative ? 1 : 0);
        int overflow = 0;
        if (digits > 19) {
            // Up to 19 digits always fit in 64 bits; past that, read again checking each step.
            magnitude = 0;
            for (size_t k = negative ? 1 : 0; k < length; k++) {
                uint64_t digit = (uint64_t)(text[k] - '0');
                if (magnitude > (UINT64_MAX - digit) / 10) {
                    overflow = 1;
                    break;
                }
                magnitude = magnitude * 10 + digit;
            }
        }
        if (!overflow && negative) {
            if (magnitude == 0) return attach_scalar(b, json_real(-0.0));
            if (magnitude <= (uint64_t)INT64_MAX)
                return attach_scalar(b, json_integer(-(json_int_t)magnitude));
            if (magnitude == (uint64_t)INT64_MAX + 1)
                return attach_scalar(b, json_integer(INT64_MIN));
        } else if (!overflow) {
            if (magnitude <= (uint64_t)INT64_MAX)
                return attach_scalar(b, json_integer((json_int_t)magnitude));
            return attach_scalar(b, fm_json_unsigned(magnitude));
        }
        // Beyond Int64.min...UInt64.max: the node keeps the text (as Foundation keeps it).
        return attach_scalar(b, fm_number_text_node(text, length));
    }

    double value;
    if (!fm_parse_double(text, length, &value)) return fail_out_of_memory(b);
    // Beyond Double's range: a document never fails for a number nobody reads.
    if (isinf(value)) return attach_scalar(b, fm_number_text_node(text, length));
    return attach_scalar(b, json_real(value));
}

static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static unsigned read_hex4(const unsigned char *p) {
    return (unsigned)(hex_value(p[0]) << 12 | hex_value(p[1]) << 8 | hex_value(p[2]) << 4 |
                      hex_value(p[3]));
}

static size_t put_utf8(unsigned char *out, unsigned code) {
    if (code < 0x80) {
        out[0] = (unsigned char)code;
        return 1;
    }
    if (code < 0x800) {
        out[0] = (unsigned char)(0xC0 | (code >> 6));
        out[1] = (unsigned char)(0x80 | (code & 0x3F));
        return 2;
    }
    if (code < 0x10000) {
        out[0] = (unsigned char)(0xE0 | (code >> 12));
        out[1] = (unsigned char)(0x80 | ((code >> 6) & 0x3F));
        out[2] = (unsigned char)(0x80 | (code & 0x3F));
        return 3;
    }
    out[0] = (unsigned char)(0xF0 | (code >> 18));
    out[1] = (unsigned char)(0x80 | ((code >> 12) & 0x3F));
    out[2] = (unsigned char)(0x80 | ((code >> 6) & 0x3F));
    out[3] = (unsigned char)(0x80 | (code & 0x3F));
    return 4;
}

// yajl pairs any \uD8xx with whatever \u follows it and turns a lone high surrogate into '?'.
// For tokens with \u escapes we decode the raw text again, pairing surrogates properly and
// rejecting lone ones as Foundation does. `raw` is the text between the quotes, already
// checked by yajl's lexer (escapes well formed). Returns a malloc'd buffer or NULL.
static unsigned char *decode_escapes(fm_builder *b, const unsigned char *raw, size_t raw_length,
                                     size_t *out_length) {
    unsigned char *out = malloc(raw_length + 1);
    if (!out) {
        fail_out_of_memory(b);
        return NULL;
    }
    size_t n = 0;
    for (size_t i = 0; i < raw_length;) {
        unsigned char c = raw[i];
        if (c != '\\') {
            out[n++] = c;
            i++;
            continue;
        }
        unsigned char e = raw[i + 1];
        i += 2;
        switch (e) {
            case 'b': out[n++] = '\b'; break;
            case 'f': out[n++] = '\f'; break;
            case 'n': out[n++] = '\n'; break;
            case 'r': out[n++] = '\r'; break;
            case 't': out[n++] = '\t'; break;
            case 'u': {
                unsigned code = read_hex4(raw + i);
                i += 4;
                if (code >= 0xDC00 && code <= 0xDFFF) {
                    fm_builder_fail(b, FM_ERROR_INVALID_UNICODE,
                              "Unable to convert hex escape sequence (no high character) to "
                              "UTF8-encoded character.");
                    free(out);
                    return NULL;
                }
                if (code >= 0xD800 && code <= 0xDBFF) {
                    unsigned low = 0;
                    if (i + 6 <= raw_length && raw[i] == '\\' && raw[i + 1] == 'u')
                        low = read_hex4(raw + i + 2);
                    if (low < 0xDC00 || low > 0xDFFF) {
                        fm_builder_fail(b, FM_ERROR_INVALID_UNICODE,
                                  "Unable to convert hex escape sequence (no low character) "
                                  "to UTF8-encoded character.");
                        free(out);
                        return NULL;
                    }
                    i += 6;
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                }
                n += put_utf8(out + n, code);
                break;
            }
            default: out[n++] = e; break;  // \" \\ \/
        }
    }
    *out_length = n;
    return out;
}

// Finds the raw text of the string token yajl just reported, when it lies in the current input.
static int raw_token_in_input(fm_builder *b, const unsigned char **raw, size_t *raw_length) {
    size_t end = yajl_get_bytes_consumed(b->handle);
    if (end < 2 || end > b->input_length || b->input[end - 1] != '"') return 0;
    // Scanning backwards, the opening quote is the first one preceded by an even number of
    // backslashes: an escaped quote always has an odd number.
    for (size_t q = end - 1; q-- > 0;) {
        if (b->input[q] != '"') continue;
        size_t slashes = 0;
        while (q > slashes && b->input[q - 1 - slashes] == '\\') slashes++;
        if (slashes % 2 == 0) {
            *raw = b->input + q + 1;
            *raw_length = end - 1 - (q + 1);
            return 1;
        }
    }
    return 0;
}

static int raw_token(fm_builder *b, const unsigned char **raw, size_t *raw_length,
                     size_t *raw_offset, unsigned char **owned) {
    *owned = NULL;
    if (b->raw_lookup) return b->raw_lookup(b, raw, raw_length, raw_offset, owned);
    if (!raw_token_in_input(b, raw, raw_length)) return 0;
    *raw_offset = b->offset_base + (size_t)(*raw - b->input);
    return 1;
}

// yajl decodes every escape correctly except UTF-16 surrogates (\uD800-\uDFFF), so only
// tokens holding one of those are decoded again.
static int contains_unicode_escape(const unsigned char *raw, size_t length) {
    for (size_t i = 0; i + 2 < length; i++) {
        if (raw[i] == '\\') {
            if (raw[i + 1] == 'u' && (raw[i + 2] == 'd' || raw[i + 2] == 'D') && i + 3 < length) {
                unsigned char c = raw[i + 3];
                if ((c >= '8' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) return 1;
            }
            i++;
        }
    }
    return 0;
}

// Produces the final bytes of a string or key token. *owned is set when the result must be
// freed. Returns 0 on error.
int fm_builder_string_bytes(fm_builder *b, const unsigned char *text, size_t length,
                            const unsigned char **result, size_t *result_length,
                            unsigned char **owned) {
    *owned = NULL;
    int in_input = text >= b->input && text <= b->input + b->input_length;
    // Where text[0] is in the input, when text is the raw token itself (for error offsets).
    size_t exact = in_input ? b->offset_base + (size_t)(text - b->input) : SIZE_MAX;
    if (!in_input) {
        // yajl decoded escapes (or joined a token split across inputs) into its own buffer;
        // redo \u escapes from the raw text.
        const unsigned char *raw;
        size_t raw_length, raw_offset;
        unsigned char *assembled = NULL;
        if (raw_token(b, &raw, &raw_length, &raw_offset, &assembled)) {
            if (raw_length == length) exact = raw_offset;  // no escapes: decoded == raw
            if (contains_unicode_escape(raw, raw_length)) {
                *owned = decode_escapes(b, raw, raw_length, result_length);
                free(assembled);
                if (!*owned) return 0;
                text = *owned;
                length = *result_length;
            } else {
                free(assembled);
            }
        } else if (b->error->kind != FM_OK) {
            return 0;  // the lookup itself failed (out of memory)
        }
    }
    size_t bad = fm_utf8_validate(text, length);
    if (bad != length) {
        if (*owned) free(*owned);
        *owned = NULL;
        fm_builder_fail(b, FM_ERROR_SYNTAX, "invalid UTF-8 in string");
        if (exact != SIZE_MAX) b->error->offset = exact + bad;
        return 0;
    }
    *result = text;
    *result_length = length;
    return 1;
}

int fm_build_string(fm_builder *b, const unsigned char *text, size_t length) {
    const unsigned char *bytes;
    size_t count;
    unsigned char *owned;
    if (!fm_builder_string_bytes(b, text, length, &bytes, &count, &owned)) return 0;
    int ok = attach_scalar(b, json_stringn_nocheck((const char *)bytes, count));
    free(owned);
    return ok;
}

int fm_build_map_key(fm_builder *b, const unsigned char *text, size_t length) {
    const unsigned char *bytes;
    size_t count;
    unsigned char *owned;
    if (!fm_builder_string_bytes(b, text, length, &bytes, &count, &owned)) return 0;
    if (count + 1 > b->key_capacity) {
        size_t capacity = b->key_capacity ? b->key_capacity : 64;
        while (capacity < count + 1) capacity *= 2;
        char *key = realloc(b->key, capacity);
        if (!key) {
            free(owned);
            return fail_out_of_memory(b);
        }
        b->key = key;
        b->key_capacity = capacity;
    }
    memcpy(b->key, bytes, count);
    b->key[count] = '\0';
    b->key_length = count;
    free(owned);
    return 1;
}

// Makes room for one more frame: doubles the stack, checking every size for overflow.
static int reserve_frame(fm_builder *b) {
    if (b->depth < b->stack_capacity) return 1;
    size_t capacity = b->stack_capacity ? b->stack_capacity : FM_INITIAL_FRAMES;
    if (b->depth >= capacity) {
        if (capacity > SIZE_MAX / 2 / sizeof(fm_frame)) return 0;
        capacity *= 2;
    }
    fm_frame *stack = realloc(b->stack, capacity * sizeof(fm_frame));
    if (!stack) return 0;
    b->stack = stack;
    b->stack_capacity = capacity;
    return 1;
}

static int start_container(fm_builder *b, json_t *container) {
    if (!container) return fail_out_of_memory(b);
    if (b->depth >= b->max_depth) {
        json_decref(container);
        char message[160];
        snprintf(message, sizeof message,
                 "Too many nested arrays or dictionaries (more than %zu levels).", b->max_depth);
        fm_builder_fail(b, FM_ERROR_DEPTH, message);
        return 0;
    }
    if (!reserve_frame(b)) {
        json_decref(container);
        return fail_out_of_memory(b);
    }
    int attached = 0;
    if (!attach(b, container, &attached)) return 0;
    b->stack[b->depth].node = container;
    b->stack[b->depth].attached = attached;
    b->depth++;
    return 1;
}

int fm_build_end_container(fm_builder *b) {
    b->depth--;
    if (!b->stack[b->depth].attached) json_decref(b->stack[b->depth].node);
    if (b->depth == 0) note_root_complete(b);
    return 1;
}

int fm_build_start_map(fm_builder *b) { return start_container(b, json_object()); }
int fm_build_start_array(fm_builder *b) { return start_container(b, json_array()); }

static int on_null(void *ctx) { return fm_build_null(ctx); }
static int on_boolean(void *ctx, int value) { return fm_build_boolean(ctx, value); }
static int on_number(void *ctx, const char *text, size_t length) {
    return fm_build_number(ctx, text, length);
}
static int on_string(void *ctx, const unsigned char *text, size_t length) {
    return fm_build_string(ctx, text, length);
}
static int on_map_key(void *ctx, const unsigned char *text, size_t length) {
    return fm_build_map_key(ctx, text, length);
}
static int on_start_map(void *ctx) { return fm_build_start_map(ctx); }
static int on_start_array(void *ctx) { return fm_build_start_array(ctx); }
static int on_end_container(void *ctx) { return fm_build_end_container(ctx); }

const yajl_callbacks fm_builder_callbacks = {
    on_null, on_boolean, NULL, NULL, on_number, on_string,
    on_start_map, on_map_key, on_end_container, on_start_array, on_end_container,
};

int fm_builder_init(fm_builder *b, size_t max_depth, fm_parse_error *error) {
    memset(b, 0, sizeof *b);
    b->max_depth = max_depth;
    b->error = error;
    // A few frames up front (most documents nest a handful of levels); reserve_frame doubles
    // them when deeper nesting actually arrives, so the limit itself costs nothing.
    b->stack = malloc(FM_INITIAL_FRAMES * sizeof(fm_frame));
    b->stack_capacity = b->stack ? FM_INITIAL_FRAMES : 0;
    return b->stack != NULL;
}

void fm_builder_destroy(fm_builder *b) {
    free(b->stack);
    free(b->key);
    b->stack = NULL;
    b->stack_capacity = 0;
    b->key = NULL;
    b->key_capacity = 0;
}

static void locate(const unsigned char *input, size_t length, fm_parse_error *error) {
    size_t offset = error->offset < length ? error->offset : length;
    size_t line = 1, line_start = 0;
    for (size_t i = 0; i < offset; i++) {
        if (input[i] == '\n') {
            line++;
            line_start = i + 1;
        }
    }
    error->offset = offset;
    error->line = line;
    error->column = offset - line_start + 1;
}

static void release_unattached(fm_builder *b) {
    while (b->depth > 0) {
        b->depth--;
        if (!b->stack[b->depth].attached) json_decref(b->stack[b->depth].node);
    }
}

void fm_builder_discard(fm_builder *b) {
    release_unattached(b);
    if (b->root) json_decref(b->root);
    b->root = NULL;
}

size_t fm_first_non_json_space(const unsigned char *bytes, size_t length) {
    const unsigned char *form_feed = memchr(bytes, '\f', length);
    size_t limit = form_feed ? (size_t)(form_feed - bytes) : length;
    const unsigned char *vertical_tab = memchr(bytes, '\v', limit);
    return vertical_tab ? (size_t)(vertical_tab - bytes) : limit;
}

static int parse_whole(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                       fm_parse_error *error, int optimistic_keys, int *saw_duplicate) {
    memset(out, 0, sizeof *out);
    memset(error, 0, sizeof *error);
    // A memory budget covers one tree: a second attempt (after compacting, or after an
    // optimistic pass met a duplicate key) starts from zero, the first one's tree being gone.
    fm_budget *budget = fm_budget_current();
    if (budget) {
        budget->used = 0;
        budget->exceeded = 0;
    }
    fm_builder b;
    int ready = fm_builder_init(&b, max_depth, error);
    b.optimistic_keys = optimistic_keys;
    b.input = (const unsigned char *)bytes;
    b.input_length = length;
    b.handle = ready ? yajl_alloc(&fm_builder_callbacks, NULL, &b) : NULL;
    if (!b.handle) {
        fm_builder_destroy(&b);
        error->kind = FM_ERROR_OUT_OF_MEMORY;
        snprintf(error->message, sizeof error->message, "out of memory");
        return -1;
    }
    // FastMap validates UTF-8 itself, more strictly than yajl does.
    yajl_config(b.handle, yajl_dont_validate_strings, 1);

    // yajl treats form feed and vertical tab as white space; JSON does not. Neither byte can
    // appear raw inside a valid string either, so the first one ends the valid prefix.
    size_t valid_prefix = fm_first_non_json_space(b.input, length);
    yajl_status status = yajl_parse(b.handle, b.input, valid_prefix);
    size_t consumed = yajl_get_bytes_consumed(b.handle);
    if (status == yajl_status_ok && valid_prefix < length) {
        error->kind = FM_ERROR_SYNTAX;
        error->offset = valid_prefix;
        snprintf(error->message, sizeof error->message,
                 "lexical error: invalid character 0x%02x in json text", b.input[valid_prefix]);
        status = yajl_status_error;
    } else if (status == yajl_status_ok && b.root_complete) {
        // After a complete root yajl only buffers what follows when it is an unterminated
        // string, and its end-of-input check lets that pass: only white space may follow.
        size_t tail = b.root_end;
        while (tail < length && fm_is_json_space(b.input[tail])) tail++;
        if (tail < length) {
            error->kind = FM_ERROR_SYNTAX;
            error->offset = tail;
            snprintf(error->message, sizeof error->message, "parse error: trailing garbage");
            status = yajl_status_error;
        } else {
            status = yajl_complete_parse(b.handle);
            consumed = length;
        }
    } else if (status == yajl_status_ok) {
        status = yajl_complete_parse(b.handle);
        consumed = length;
    }
    *saw_duplicate = b.saw_duplicate;
    if (status != yajl_status_ok) {
        if (error->kind == FM_OK) {
            unsigned char *text = yajl_get_error(b.handle, 0, b.input, length);
            error->kind = FM_ERROR_SYNTAX;
            error->offset = consumed;
            if (text && strstr((char *)text, "premature EOF")) {
                // The input ended inside the document: say so, at the end of the input.
                error->offset = length;
                size_t lead = 0;
                while (lead < length && fm_is_json_space(b.input[lead])) lead++;
                snprintf(error->message, sizeof error->message, "%s",
                         lead == length ? "unexpected end of input: the input holds no JSON value"
                                        : "unexpected end of input: the document is truncated");
            } else {
                snprintf(error->message, sizeof error->message, "%s", text ? (char *)text : "syntax error");
            }
            size_t n = strlen(error->message);
            while (n > 0 && (error->message[n - 1] == '\n' || error->message[n - 1] == ' '))
                error->message[--n] = '\0';
            if (text) yajl_free_error(b.handle, text);
        }
        locate(b.input, length, error);
        fm_builder_discard(&b);
        out->root = NULL;
    } else {
        out->root = b.root;
    }
    yajl_free(b.handle);
    fm_builder_destroy(&b);
    return out->root ? 0 : -1;
}

int fm_parse_yajl_direct(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                         fm_parse_error *error) {
    int saw_duplicate = 0;
    int status = parse_whole(bytes, length, max_depth, out, error, 1, &saw_duplicate);
    if (status != 0 && saw_duplicate)
        status = parse_whole(bytes, length, max_depth, out, error, 0, &saw_duplicate);
    return status;
}

int fm_parse_yajl(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                  fm_parse_error *error) {
    if (fm_worth_compacting((const unsigned char *)bytes, length)) {
        unsigned char *compact = malloc(length + 8);
        if (compact) {
            size_t compact_length = fm_compact_json((const unsigned char *)bytes, length, compact);
            int status = fm_parse_yajl_direct((const char *)compact, compact_length, max_depth, out, error);
            free(compact);
            if (status == 0) return 0;
            // Offsets in the compact text mean nothing to the caller: report from the original.
        }
    }
    return fm_parse_yajl_direct(bytes, length, max_depth, out, error);
}

// True when the text may hold the integer token `-0`, which jansson reads as a plain 0.
static int may_contain_negative_zero(const char *bytes, size_t length) {
    const char *p = bytes, *end = bytes + length;
    while ((p = memchr(p, '-', (size_t)(end - p))) != NULL) {
        if (p + 1 < end && p[1] == '0') {
            if (p + 2 >= end) return 1;
            char next = p[2];
            if (next != '.' && next != 'e' && next != 'E') return 1;
        }
        p++;
    }
    return 0;
}

static size_t tree_depth(json_t *node, size_t limit) {
    if (limit == 0) return 1;
    size_t deepest = 0;
    if (json_is_array(node)) {
        size_t count = json_array_size(node);
        for (size_t i = 0; i < count; i++) {
            size_t d = tree_depth(json_array_get(node, i), limit - 1);
            if (d > deepest) deepest = d;
        }
        return deepest + 1;
    }
    if (json_is_object(node)) {
        for (void *it = json_object_iter(node); it; it = json_object_iter_next(node, it)) {
            size_t d = tree_depth(json_object_iter_value(it), limit - 1);
            if (d > deepest) deepest = d;
        }
        return deepest + 1;
    }
    return 0;
}

int fm_parse_jansson(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                     fm_parse_error *error) {
    memset(out, 0, sizeof *out);
    memset(error, 0, sizeof *error);
    // jansson stops at a raw NUL and reads form feed as white space; yajl's path rejects both.
    if (may_contain_negative_zero(bytes, length) || memchr(bytes, '\0', length) ||
        memchr(bytes, '\f', length) || memchr(bytes, '\v', length))
        return fm_parse_yajl(bytes, length, max_depth, out, error);
    json_error_t jansson_error;
    json_t *root = json_loadb(bytes, length, JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES,
                              &jansson_error);
    if (!root) return fm_parse_yajl(bytes, length, max_depth, out, error);
    // Nesting needs at least two bytes a level; only then is the walk worth doing. (jansson
    // itself stops at 2048 levels, which bounds the walk's recursion.)
    if (max_depth < length / 2 && tree_depth(root, max_depth + 1) > max_depth) {
        json_decref(root);
        return fm_parse_yajl(bytes, length, max_depth, out, error);
    }
    out->root = root;
    return 0;
}
