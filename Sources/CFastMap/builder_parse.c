#include "builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The yajl engine: one yajl pass over a document's text feeding the builder, and the error
// FastMap reports for any text it rejects (kind, message, line, column, offset).

// The line and column of input[*offset] (clamped to the input), both 1-based.
static void locate_offset(const unsigned char *input, size_t length, size_t *offset, size_t *line, size_t *column) {
    if (*offset > length) *offset = length;
    size_t lines = 1, line_start = 0;
    for (size_t i = 0; i < *offset; i++) {
        if (input[i] == '\n') {
            lines++;
            line_start = i + 1;
        }
    }
    *line = lines;
    *column = *offset - line_start + 1;
}

static void locate(const unsigned char *input, size_t length, fm_parse_error *error) {
    locate_offset(input, length, &error->offset, &error->line, &error->column);
    if (error->token_line) locate_offset(input, length, &error->token_offset, &error->token_line, &error->token_column);
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

// MARK: Where a rejected token starts

// yajl reports a parse error after the token it did not expect (or, after an object member's
// value, two bytes into a string token: it counts back the text without its quotes). FastMap
// points at the token's first byte instead: the first token after the last one yajl reported
// (the builder's trail, fm_builder_note_token), but for the separator yajl took between them.
size_t fm_yajl_rejected_token(const unsigned char *text, size_t length, const fm_token_trail *trail) {
    size_t at = trail->end;
    while (at < length && fm_is_json_space(text[at])) at++;
    // Inside a container a comma follows a value and a colon a key: yajl took it.
    if (at < length && trail->depth > 0 &&
        ((trail->after == FM_AFTER_VALUE && text[at] == ',') || (trail->after == FM_AFTER_KEY && text[at] == ':'))) {
        at++;
        while (at < length && fm_is_json_space(text[at])) at++;
    }
    return at;
}


int fm_parse_yajl(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
                  const fm_sparse_schema *schema, const fm_cell **root, fm_parse_error *error) {
    *root = NULL;
    memset(error, 0, sizeof *error);
    fm_builder b;
    int ready = fm_builder_init(&b, doc, max_depth, error);
    b.sparse = schema;
    b.input = text;
    b.input_length = length;
    if (ready) fm_writer_last_value(b.writer);  // one value: its cells are trimmed to size
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
    if (status != yajl_status_ok) {
        if (error->kind == FM_OK) {
            unsigned char *message = yajl_get_error(b.handle, 0, b.input, length);
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
                snprintf(error->message, sizeof error->message, "%s",
                         message ? (char *)message : "syntax error");
                // Where the rejected token starts, said for a token out of place (a lexical
                // error stays at the byte that broke its token): fm_parse_error.
                size_t start = fm_yajl_rejected_token(b.input, valid_prefix, &b.trail);
                if (start < error->offset) {
                    error->token_offset = start;
                    error->token_line = 1;  // located with the offset below
                }
            }
            size_t n = strlen(error->message);
            while (n > 0 && (error->message[n - 1] == '\n' || error->message[n - 1] == ' '))
                error->message[--n] = '\0';
            if (message) yajl_free_error(b.handle, message);
        }
        locate(b.input, length, error);
        fm_builder_discard(&b);
    } else {
        *root = b.root;
    }
    yajl_free(b.handle);
    fm_builder_destroy(&b);
    return *root ? 0 : -1;
}
