#include "builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The whole-document entry point, fm_parse: the text is copied into the document and read by
// the engine chosen here (the one place that chooses). The simdjson walk reads trailing commas
// itself when they are allowed; yajl has no switch for them, so the commas are blanked in the
// document's copy before its parse. Either way a text is read at most twice: by the simdjson
// walk, then, when the walk or its builder rejects it, by yajl, which accepts it (a dialect the
// walk does not read) or words the error.

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

// Just past the string whose opening quote is at `open`, or `length` when it is not closed. A
// quote closes it unless an odd run of backslashes escapes it; memchr jumps from quote to quote.
static size_t string_end(const unsigned char *bytes, size_t length, size_t open) {
    for (size_t i = open + 1; i < length;) {
        const unsigned char *quote = memchr(bytes + i, '"', length - i);
        if (!quote) break;
        size_t at = (size_t)(quote - bytes), slashes = 0;
        while (bytes[at - 1 - slashes] == '\\') slashes++;
        if (slashes % 2 == 0) return at + 1;
        i = at + 1;
    }
    return length;
}

// Trailing commas of `bytes` from the first on: each blanked to a space when `blank`, else the
// scan stops at the first (and returns 1).
static size_t trailing_commas(unsigned char *bytes, size_t length, int blank) {
    size_t found = 0;
    for (size_t i = next_quote_or_comma(bytes, length, 0); i < length; i = next_quote_or_comma(bytes, length, i)) {
        if (bytes[i] == '"') {
            // An unterminated string ends the scan (the parse fails anyway).
            i = string_end(bytes, length, i);
            continue;
        }
        // A comma outside strings: white space (a comma blanked before it too) separates it
        // from what follows, a closing bracket for a trailing comma (looked at first: almost no
        // comma is one), and from the byte that ends what precedes it.
        size_t next = i + 1;
        while (next < length && fm_is_json_space(bytes[next])) next++;
        if (next < length && (bytes[next] == ']' || bytes[next] == '}')) {
            size_t before = i;
            while (before > 0 && fm_is_json_space(bytes[before - 1])) before--;
            if (before > 0 && ends_value(bytes[before - 1])) {
                found++;
                if (!blank) return found;
                bytes[i] = ' ';
            }
        }
        i++;
    }
    return found;
}

size_t fm_blank_trailing_commas(unsigned char *bytes, size_t length) { return trailing_commas(bytes, length, 1); }

int fm_has_trailing_comma(const unsigned char *bytes, size_t length) {
    // Not written to: `blank` is 0.
    return trailing_commas((unsigned char *)bytes, length, 0) != 0;
}

// Engine runs on this thread (a walk or a yajl parse), for tests.
static _Thread_local size_t parses;

size_t fm_test_parses(void) { return parses; }

// Whether the simdjson engine reads the text (yajl reads the rest).
static int simdjson_reads(const fm_doc *doc, const unsigned char *text, size_t length) {
    // Under a memory limit, yajl: simdjson's index is memory the limit would not count.
    if (fm_doc_limit(doc) != SIZE_MAX) return 0;
    // Past FM_SIMDJSON_LARGEST_DOCUMENT, yajl too: simdjson's index (four bytes a token, alive
    // during the parse) would add to the document's own peak, while yajl needs no index.
    if (length > FM_SIMDJSON_LARGEST_DOCUMENT) return 0;
    // simdjson walks arrays and objects; a scalar at the top level is a few bytes for yajl.
    size_t lead = 0;
    while (lead < length && fm_is_json_space(text[lead])) lead++;
    return lead < length && (text[lead] == '[' || text[lead] == '{');
}

int fm_parse(const char *bytes, size_t length, fm_engine engine, size_t max_depth, int flags,
             const fm_sparse_schema *schema, fm_doc *doc, const fm_cell **root, fm_parse_error *error) {
    *root = NULL;
    memset(error, 0, sizeof *error);
    // A sparse mark names a schema node in 24 bits (fastmap_document.h).
    if (schema && schema->node_count >= FM_CELL_MAX_MARK) {
        error->kind = FM_ERROR_OUT_OF_MEMORY;
        snprintf(error->message, sizeof error->message, "the schema has too many nodes");
        return -1;
    }
    unsigned char *text = (unsigned char *)fm_doc_adopt_text(doc, (const unsigned char *)bytes, length);
    if (!text) {
        fm_builder b;
        memset(&b, 0, sizeof b);
        b.error = error;
        fm_writer *writer = fm_writer_create(doc);
        b.writer = writer;
        if (writer) fm_builder_fail_out_of_memory(&b);
        else error->kind = FM_ERROR_OUT_OF_MEMORY;
        fm_writer_free(writer);
        return -1;
    }
    int trailing_commas = (flags & FM_DIALECT_TRAILING_COMMAS) != 0;
    if (engine == FM_ENGINE_SIMDJSON && simdjson_reads(doc, text, length)) {
        parses++;
        if (fm_parse_simdjson(doc, text, length, max_depth, trailing_commas, schema, root) == 0) return 0;
        // The walk decodes escaped strings over themselves (fm_simdjson_string_bytes): yajl reads
        // the text as it was given.
        memcpy(text, bytes, length);
    }
    // Blanking keeps the length and the line breaks: yajl's error is located in the original
    // text, and it is the error that text has once trailing commas are allowed. Strings are left
    // as they are, so the cells that point into the copy read the original text.
    if (trailing_commas) fm_blank_trailing_commas(text, length);
    parses++;
    return fm_parse_yajl(doc, text, length, max_depth, schema, root, error);
}
