#include "builder.h"
#include "fastmap_simdjson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The whole-document entry point, fm_parse: the text is copied into the document (unless the
// document has a memory limit) and read by the engine chosen here (the one place that chooses).
// Both engines read trailing commas when they are allowed: the simdjson walk itself, yajl by
// being given the text without them (fm_parse_yajl, on the text or its compact copy). Either way a
// text is read at most twice: first by the simdjson walk or by yajl on the compact text, then,
// when that read rejects it, by yajl on the text as given, which accepts it (a dialect the walk
// does not read) or words the error.

size_t fm_blank_trailing_commas(unsigned char *bytes, size_t length) {
    size_t count = 0;
    for (size_t at = fm_next_trailing_comma(bytes, length, 0); at < length;
         at = fm_next_trailing_comma(bytes, length, at + 1)) {
        bytes[at] = ' ';
        count++;
    }
    return count;
}

int fm_has_trailing_comma(const unsigned char *bytes, size_t length) {
    return fm_next_trailing_comma(bytes, length, 0) < length;
}

// Engine runs on this thread (a walk or a yajl parse), for tests.
static _Thread_local size_t parses;

size_t fm_test_parses(void) { return parses; }

// Texts compacted for yajl on this thread, for tests.
static _Thread_local size_t compacted_texts;

size_t fm_test_compacted_texts(void) { return compacted_texts; }

size_t fm_test_compact_text(const unsigned char *text, size_t length, unsigned char *out) {
    return fm_compact_text(text, length, out);
}

// Whether the simdjson engine reads the text (yajl reads the rest).
static int simdjson_reads(const fm_doc *doc, const unsigned char *text, size_t length) {
    // Under a memory limit, yajl: simdjson's index is memory the limit would not count.
    if (fm_doc_limit(doc) != SIZE_MAX) return 0;
    // Past fm_simdjson_largest_text, yajl too: simdjson cannot index it. Below, simdjson's
    // index (four bytes a token, alive only during the walk) raises the peak by up to 36%
    // over yajl's on text dense with short tokens, and parses 1.8 to 3.0 times as fast: 39
    // MiB of small records peaked 170 MB above the input (yajl 125 MB), of canada.json 108 MB
    // (85 MB), of twitter.json 81 MB (85 MB).
    if (length > fm_simdjson_largest_text()) return 0;
    // simdjson walks arrays and objects; a scalar at the top level is a few bytes for yajl.
    size_t lead = fm_json_space_prefix(text, length);
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
    // Under a memory limit the text is not copied: a copy is the input's size again, which the
    // limit would have to count or leave out. yajl, the engine there, reads the caller's bytes,
    // and the writer copies (and counts) each string and number instead.
    int limited = fm_doc_limit(doc) != SIZE_MAX;
    unsigned char *text = limited ? (unsigned char *)bytes
                                  : (unsigned char *)fm_doc_adopt_text(doc, (const unsigned char *)bytes, length);
    if (!text && !limited) {
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
        // The walk decodes escaped strings over themselves (fm_simdjson_string_bytes), and a
        // packing document moves strings to the front: yajl reads the text as it was given.
        memcpy(text, bytes, length);
    } else if (engine != FM_ENGINE_YAJL_AS_GIVEN && !limited && fm_compacting_pays(text, length)) {
        // yajl reads first, and the text is mostly white space: yajl reads the document's copy
        // compacted in place (compact.c). A text it rejects is read again as it was given, for the
        // error's words and place. (Under a limit the text is the caller's, which is not copied.)
        size_t compact = fm_compact_text(text, length, text);
        compacted_texts++;
        parses++;
        if (fm_parse_yajl(doc, text, compact, max_depth, trailing_commas, schema, root, error) == 0) return 0;
        memcpy(text, bytes, length);
    }
    parses++;
    return fm_parse_yajl(doc, text, length, max_depth, trailing_commas, schema, root, error);
}
