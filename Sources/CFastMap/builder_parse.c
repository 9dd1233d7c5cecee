#include "builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The whole-document entry points: fm_parse_yajl (one yajl pass feeding the builder, after
// an optional compaction pass) and fm_parse_jansson (jansson's own parser, handing what it
// cannot read exactly as FastMap does over to fm_parse_yajl).

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

size_t fm_first_non_json_space(const unsigned char *bytes, size_t length) {
    const unsigned char *form_feed = memchr(bytes, '\f', length);
    size_t limit = form_feed ? (size_t)(form_feed - bytes) : length;
    const unsigned char *vertical_tab = memchr(bytes, '\v', limit);
    return vertical_tab ? (size_t)(vertical_tab - bytes) : limit;
}

// Ends a parse whose input is all fed. yajl_complete_parse lexes one space of its own (which
// ends a pending number or literal, or breaks an unfinished escape), then fails with "premature
// EOF" if the document is still open. Lexing that space here first tells the two failures apart
// without reading yajl's message: a failure on the space is an error in the last token; a
// failure after it means the input ended inside the document (`*ended_inside`). The extra space
// changes nothing else: yajl's own space follows it, and white space is all it can meet.
yajl_status fm_yajl_finish(yajl_handle handle, int *ended_inside) {
    *ended_inside = 0;
    yajl_status status = yajl_parse(handle, (const unsigned char *)" ", 1);
    if (status != yajl_status_ok) return status;
    status = yajl_complete_parse(handle);
    *ended_inside = status != yajl_status_ok;
    return status;
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
    b.sparse = fm_sparse_current();
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
    int ended_inside = 0;
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
            snprintf(error->message, sizeof error->message,
                     "unexpected text after the end of the JSON document");
            status = yajl_status_error;
        } else {
            status = fm_yajl_finish(b.handle, &ended_inside);
            consumed = length;
        }
    } else if (status == yajl_status_ok) {
        status = fm_yajl_finish(b.handle, &ended_inside);
        consumed = length;
    }
    *saw_duplicate = b.saw_duplicate;
    if (status != yajl_status_ok) {
        if (error->kind == FM_OK) {
            unsigned char *text = yajl_get_error(b.handle, 0, b.input, length);
            error->kind = FM_ERROR_SYNTAX;
            error->offset = consumed;
            if (b.root_complete) {
                // Once the root is complete yajl fails only on a token after it (its "trailing
                // garbage"). Point at the first byte after the document (yajl reports the
                // offset past the token it read there), in the words the streaming readers use.
                size_t tail = b.root_end;
                while (tail < length && fm_is_json_space(b.input[tail])) tail++;
                error->offset = tail;
                snprintf(error->message, sizeof error->message,
                         "unexpected text after the end of the JSON document");
            } else if (ended_inside) {
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
        out->reals_are_exact = !b.inexact_real;
        out->zeros_are_plain = !b.inexact_zero;
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
