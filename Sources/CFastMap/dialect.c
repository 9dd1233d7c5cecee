#include "builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The whole-document entry point, fm_parse: the text is copied into the document, read by the
// engine chosen here (the one place that chooses), and, when the strict reading fails and
// trailing commas are allowed, read again with them blanked. yajl has no switch for trailing
// commas, and a second grammar in the hot loop would cost every document; only text a strict
// parse rejects is searched for commas to blank out.

static int ends_value(unsigned char c) {
    // The byte before a comma ends a value unless it opens a container or is a separator:
    // `[,]`, `[1,,]` and `{"a":,}` must stay errors.
    return c != '[' && c != '{' && c != ',' && c != ':';
}

size_t fm_blank_trailing_commas(unsigned char *bytes, size_t length) {
    size_t blanked = 0;
    unsigned char previous = 0;  // the last byte outside strings that is not white space
    for (size_t i = 0; i < length; i++) {
        unsigned char c = bytes[i];
        if (c == '"') {
            // Skip the string; an unterminated one ends the scan (the parse fails anyway).
            for (i++; i < length && bytes[i] != '"'; i++)
                if (bytes[i] == '\\') i++;
            previous = '"';
            continue;
        }
        if (fm_is_json_space(c)) continue;
        if (c == ',' && previous != 0 && ends_value(previous)) {
            size_t next = i + 1;
            while (next < length && fm_is_json_space(bytes[next])) next++;
            if (next < length && (bytes[next] == ']' || bytes[next] == '}')) {
                bytes[i] = ' ';
                blanked++;
                // The comma is gone: what precedes the bracket is the value before it.
                continue;
            }
        }
        previous = c;
    }
    return blanked;
}

static int run(fm_engine engine, fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
               const fm_sparse_schema *schema, const fm_cell **root, fm_parse_error *error) {
    // Under a memory limit, yajl: simdjson's index is memory the limit would not count.
    if (engine == FM_ENGINE_SIMDJSON && fm_doc_limit(doc) == SIZE_MAX)
        return fm_parse_simdjson(doc, text, length, max_depth, schema, root, error);
    return fm_parse_yajl(doc, text, length, max_depth, schema, root, error);
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
    int status = run(engine, doc, text, length, max_depth, schema, root, error);
    if (status == 0 || !(flags & FM_DIALECT_TRAILING_COMMAS) || error->kind != FM_ERROR_SYNTAX) return status;
    // Same length and the same line breaks: the second parse's error is located in the
    // original text, and it is the error that text has once trailing commas are allowed.
    if (fm_blank_trailing_commas(text, length) == 0) return status;
    fm_doc_discard_values(doc);
    return run(engine, doc, text, length, max_depth, schema, root, error);
}
