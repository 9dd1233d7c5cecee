#include "builder.h"

#include "fastmap_simdjson.h"
#include "walk.h"

// The simdjson engine: the walk over simdjson's index of a document's text (walk.c), which
// writes the document's cells itself, the whole document or what a sparse schema names, by the
// yajl engine's rules (numbers by their shape, first duplicate key wins, the depth limit, the
// memory limit). Errors are not reported here at all: whatever the walk rejects, fm_parse
// (dialect.c) gives to the yajl engine, which either accepts it (a dialect this walk does not
// read) or reports FastMap's exact error, kind, line, column and offset. A valid document is
// read once; a rejected one twice.

// Documents the simdjson engine built on this thread (the rest went to yajl), for tests.
static _Thread_local size_t simdjson_documents;

size_t fm_test_simdjson_documents(void) { return simdjson_documents; }

size_t fm_test_simdjson_kept_bytes(void) { return fm_simdjson_kept_bytes(); }

size_t fm_test_simdjson_skipped_values(void) { return fm_walk_skipped_values(); }

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
    *root = fm_walk_document(doc, text, length, max_depth, trailing_commas, schema);
    if (!*root) {
        fm_doc_discard_values(doc);
        return -1;
    }
    simdjson_documents++;
    return 0;
}
