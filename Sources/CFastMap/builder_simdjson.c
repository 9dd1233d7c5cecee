#include "builder.h"

#include <string.h>

#include "fastmap_simdjson.h"
#include "walk.h"

// The simdjson engine: the walk over simdjson's index of a document's text (walk.c). A whole
// document's cells are written by the walk itself; a sparse one's are built by the builder the
// yajl engine drives, the walk reporting its tokens to the builder's listener
// (fm_builder_walk_events, builder.c). Either way the documents follow the yajl engine's rules
// (numbers by their shape, first duplicate key wins, the depth limit, the memory limit). This
// file sits above the walk and the builder: it hands the listener to the walk, and neither
// calls back into it. Errors are not reported here at all: whatever the walk or the builder
// rejects, fm_parse (dialect.c) gives to the yajl engine, which either accepts it (a dialect
// this walk does not read) or reports FastMap's exact error, kind, line, column and offset. A
// valid document is read once; a rejected one twice.

// One walk building a sparse document's cells; the root, or NULL when the walk or the builder
// rejected the text (nothing is reported: yajl reads it again and tells why).
static const fm_cell *build_sparse(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
                                   int trailing_commas, const fm_sparse_schema *schema) {
    fm_parse_error ignored;
    memset(&ignored, 0, sizeof ignored);
    fm_builder b;
    if (!fm_builder_init(&b, doc, max_depth, &ignored)) {
        fm_builder_destroy(&b);
        return NULL;
    }
    b.sparse = schema;
    fm_writer_last_value(b.writer);  // one value: its cells are trimmed to size
    int walked = fm_walk_report(text, length, &fm_builder_walk_events, max_depth, trailing_commas, &b);
    const fm_cell *root = NULL;
    if (walked && b.root && b.depth == 0 && ignored.kind == FM_OK) {
        root = b.root;
    } else {
        fm_builder_discard(&b);
    }
    fm_builder_destroy(&b);
    return root;
}

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
    *root = schema ? build_sparse(doc, text, length, max_depth, trailing_commas, schema)
                   : fm_walk_document(doc, text, length, max_depth, trailing_commas);
    if (!*root) {
        fm_doc_discard_values(doc);
        return -1;
    }
    simdjson_documents++;
    return 0;
}
