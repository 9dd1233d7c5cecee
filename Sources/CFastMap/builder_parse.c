#include "builder.h"

#include <stddef.h>
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

// MARK: Trailing commas

static int ends_value(unsigned char c) {
    // The byte before a comma ends a value unless it opens a container or is a separator:
    // `[,]`, `[1,,]` and `{"a":,}` must stay errors.
    return c != '[' && c != '{' && c != ',' && c != ':';
}

// The first quote or comma at or after `i`, or `length`. Eight bytes at a time: every yajl parse
// with trailing commas allowed (the default) scans its whole text first, and a byte at a time
// that scan added half again to yajl's parse of twitter.json.
static size_t next_quote_or_comma(const unsigned char *bytes, size_t length, size_t i) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 8 <= length; i += 8) {
        uint64_t word = fm_load_word(bytes + i);
        // The lowest flag of each mask is exact, so the lowest of both is.
        uint64_t flagged = fm_word_has_byte(word, '"') | fm_word_has_byte(word, ',');
        if (flagged) return i + fm_first_flagged(flagged);
    }
#endif
    while (i < length && bytes[i] != '"' && bytes[i] != ',') i++;
    return i;
}

// Whether the comma bytes[i], outside strings, is a trailing comma: white space separates it
// from a closing bracket (looked at first: almost no comma has one) and from the byte that ends
// what precedes it.
static int is_trailing_comma(const unsigned char *bytes, size_t length, size_t i) {
    size_t next = i + 1;
    while (next < length && fm_is_json_space(bytes[next])) next++;
    if (next >= length || (bytes[next] != ']' && bytes[next] != '}')) return 0;
    size_t before = i;
    while (before > 0 && fm_is_json_space(bytes[before - 1])) before--;
    return before > 0 && ends_value(bytes[before - 1]);
}

size_t fm_next_trailing_comma(const unsigned char *bytes, size_t length, size_t from) {
    for (size_t i = next_quote_or_comma(bytes, length, from); i < length; i = next_quote_or_comma(bytes, length, i)) {
        if (bytes[i] == '"') {
            // An unterminated string ends the scan (the parse fails anyway).
            i = fm_string_end(bytes, length, i);
            continue;
        }
        if (is_trailing_comma(bytes, length, i)) return i;
        i++;
    }
    return length;
}

// Skips white space from `at`, and trailing commas too when they are allowed (yajl was given the
// text without them: fm_parse_yajl).
static size_t skip_space(const unsigned char *text, size_t length, size_t at, int trailing_commas) {
    for (;;) {
        while (at < length && fm_is_json_space(text[at])) at++;
        if (!trailing_commas || at >= length || text[at] != ',' || !is_trailing_comma(text, length, at)) return at;
        at++;
    }
}

// MARK: yajl's memory

// yajl grows buffers with the input: the lexer's, which holds a token split between two pieces
// of the text, the one it decodes escaped strings into, and its nesting stack (a byte a level).
// A whole-document parse gives yajl allocation functions of its own (per handle, through yajl's
// public yajl_alloc_funcs) that count those buffers against the document's memory limit, past
// the handle's fixed setup (YAJL_SETUP bytes, so a limit of 0 still reads `null`). yajl cannot
// take a refused allocation (it does not check for NULL), so a block past the limit is still
// made, the limit marked reached, and the parse stops at the end of the piece being read: the
// text is given in pieces of YAJL_PIECE bytes, so a huge token stops near the limit.
enum { YAJL_SETUP = 8192, YAJL_PIECE = 64 << 10 };

typedef struct yajl_memory {
    fm_doc *doc;
    size_t live;     // bytes yajl holds
    size_t counted;  // of those, counted against the document's limit
} yajl_memory;

// Each block starts with its size (realloc is not told the old one), aligned as malloc aligns.
typedef union yajl_block {
    size_t size;
    max_align_t align;
} yajl_block;

static void yajl_memory_settle(yajl_memory *m) {
    size_t owed = m->live > YAJL_SETUP ? m->live - YAJL_SETUP : 0;
    if (owed > m->counted) {
        if (fm_doc_count(m->doc, owed - m->counted)) m->counted = owed;
    } else {
        fm_doc_uncount(m->doc, m->counted - owed);
        m->counted = owed;
    }
}

static void *yajl_memory_realloc(void *context, void *pointer, size_t size) {
    yajl_memory *m = context;
    yajl_block *block = pointer ? (yajl_block *)pointer - 1 : NULL;
    size_t old = block ? block->size : 0;
    if (size > SIZE_MAX - sizeof(yajl_block)) return NULL;
    yajl_block *grown = realloc(block, sizeof(yajl_block) + size);
    if (!grown) return NULL;
    grown->size = size;
    m->live = m->live - old + size;
    yajl_memory_settle(m);
    return grown + 1;
}

static void *yajl_memory_malloc(void *context, size_t size) { return yajl_memory_realloc(context, NULL, size); }

static void yajl_memory_free(void *context, void *pointer) {
    if (!pointer) return;
    yajl_memory *m = context;
    yajl_block *block = (yajl_block *)pointer - 1;
    m->live -= block->size;
    yajl_memory_settle(m);
    free(block);
}

// How much of the text, from `at`, yajl is given next. yajl lexes a token it has not finished (a
// long string or number split between pieces) again from its first byte with every piece, so a
// piece at least as long as what is pending since the last token keeps that work linear: a 50 MB
// key in 64 KiB pieces was lexed about 20 GB over. Under a limit, a piece is no longer than the
// room left, so yajl's buffers still stop near the limit.
static size_t next_piece(const fm_builder *b, const fm_doc *doc, size_t at) {
    size_t pending = at - b->trail.end;
    size_t room = fm_doc_room(doc);
    if (pending > room) pending = room;
    return pending > YAJL_PIECE ? pending : YAJL_PIECE;
}

// Gives yajl text[0..<length] in pieces, each trailing comma left out when they are allowed (yajl
// has no switch for them): the bytes yajl reads are then the text it would read with each such
// comma blanked, and offsets stay the text's own (fm_builder_consumed). Stops at the first
// piece yajl rejects, or after the piece that passed the document's memory limit.
static yajl_status feed_yajl(fm_builder *b, fm_doc *doc, const unsigned char *text, size_t length,
                             int trailing_commas) {
    size_t comma = trailing_commas ? fm_next_trailing_comma(text, length, 0) : length;
    for (size_t at = 0; at < length;) {
        size_t piece = next_piece(b, doc, at);
        size_t end = length - at > piece ? at + piece : length;
        if (comma < end) end = comma;
        if (end > at) {
            b->fed = at;
            yajl_status status = yajl_parse(b->handle, text + at, end - at);
            if (status != yajl_status_ok) return status;
            if (fm_doc_limit_reached(doc)) {
                fm_builder_fail_out_of_memory(b);
                return yajl_status_error;
            }
        }
        at = end;
        if (at == comma) {
            at++;
            comma = fm_next_trailing_comma(text, length, at);
        }
    }
    return yajl_status_ok;
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
size_t fm_yajl_rejected_token(const unsigned char *text, size_t length, const fm_token_trail *trail,
                              int trailing_commas) {
    size_t at = skip_space(text, length, trail->end, trailing_commas);
    // Inside a container a comma follows a value and a colon a key: yajl took it.
    if (at < length && trail->depth > 0 &&
        ((trail->after == FM_AFTER_VALUE && text[at] == ',') || (trail->after == FM_AFTER_KEY && text[at] == ':')))
        at = skip_space(text, length, at + 1, trailing_commas);
    return at;
}


int fm_parse_yajl(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth, int trailing_commas,
                  const fm_sparse_schema *schema, const fm_cell **root, fm_parse_error *error) {
    *root = NULL;
    memset(error, 0, sizeof *error);
    fm_builder b;
    int ready = fm_builder_init(&b, doc, max_depth, error);
    b.sparse = schema;
    b.input = text;
    b.input_length = length;
    if (ready) fm_writer_last_value(b.writer);  // one value: its cells are trimmed to size
    yajl_memory memory = {doc, 0, 0};
    yajl_alloc_funcs counted = {yajl_memory_malloc, yajl_memory_realloc, yajl_memory_free, &memory};
    b.handle = ready ? yajl_alloc(&fm_builder_callbacks, &counted, &b) : NULL;
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
    yajl_status status = feed_yajl(&b, doc, b.input, valid_prefix, trailing_commas);
    size_t consumed = fm_builder_consumed(&b);
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
        size_t tail = skip_space(b.input, length, b.root_end, trailing_commas);
        if (tail < length) {
            error->kind = FM_ERROR_SYNTAX;
            error->offset = tail;
            snprintf(error->message, sizeof error->message,
                     "unexpected text after the end of the JSON document");
            status = yajl_status_error;
        } else {
            b.fed = length;
            status = fm_yajl_finish(b.handle, &ended_inside);
            consumed = length;
        }
    } else if (status == yajl_status_ok) {
        b.fed = length;
        status = fm_yajl_finish(b.handle, &ended_inside);
        consumed = length;
    }
    // yajl's last buffers (a top-level number finished by fm_yajl_finish) count too.
    if (status == yajl_status_ok && fm_doc_limit_reached(doc)) {
        fm_builder_fail_out_of_memory(&b);
        status = yajl_status_error;
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
                error->offset = skip_space(b.input, length, b.root_end, trailing_commas);
                snprintf(error->message, sizeof error->message,
                         "unexpected text after the end of the JSON document");
            } else if (ended_inside) {
                // The input ended inside the document: say so, at the end of the input.
                error->offset = length;
                int blank = fm_json_space_prefix(b.input, length) == length;
                snprintf(error->message, sizeof error->message, "%s",
                         blank ? "unexpected end of input: the input holds no JSON value"
                               : "unexpected end of input: the document is truncated");
            } else {
                snprintf(error->message, sizeof error->message, "%s",
                         message ? (char *)message : "syntax error");
                // Where the rejected token starts, said for a token out of place (a lexical
                // error stays at the byte that broke its token): fm_parse_error.
                size_t start = fm_yajl_rejected_token(b.input, valid_prefix, &b.trail, trailing_commas);
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
