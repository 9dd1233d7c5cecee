#include "builder_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The builder's setup and its errors: what every builder file calls.

int fm_builder_fail(fm_builder *b, int kind, const char *message) {
    if (b->error->kind != FM_OK) return 0;
    b->error->kind = kind;
    // Engines without a yajl handle (simdjson) report no offset: they hand every failure to yajl.
    b->error->offset = b->offset_base + (b->handle ? fm_builder_consumed(b) : 0);
    snprintf(b->error->message, sizeof b->error->message, "%s", message);
    return 0;
}

int fm_builder_fail_out_of_memory(fm_builder *b) {
    fm_doc *doc = fm_writer_document(b->writer);
    if (fm_doc_limit_reached(doc)) {
        char message[160];
        snprintf(message, sizeof message, "The document needs more than the memory limit of %zu bytes.",
                 fm_doc_limit(doc));
        return fm_builder_fail(b, FM_ERROR_MEMORY_LIMIT, message);
    }
    return fm_builder_fail(b, FM_ERROR_OUT_OF_MEMORY, "out of memory while building the document");
}

int fm_builder_fail_depth(fm_builder *b) {
    char message[160];
    snprintf(message, sizeof message, "Too many nested arrays or dictionaries (more than %zu levels).",
             b->max_depth);
    return fm_builder_fail(b, FM_ERROR_DEPTH, message);
}

int fm_builder_init(fm_builder *b, fm_doc *doc, size_t max_depth, fm_parse_error *error) {
    memset(b, 0, sizeof *b);
    b->max_depth = max_depth;
    b->error = error;
    b->writer = fm_writer_create(doc);
    // A few frames up front (most documents nest a handful of levels); reserve_frame doubles
    // them when deeper nesting actually arrives, so the limit itself costs nothing.
    b->stack = malloc(FM_INITIAL_FRAMES * sizeof(fm_frame));
    b->stack_capacity = b->stack ? FM_INITIAL_FRAMES : 0;
    return b->stack != NULL && b->writer != NULL;
}

void fm_builder_destroy(fm_builder *b) {
    fm_sparse_hints_free(&b->hints);
    free(b->stack);
    fm_writer_free(b->writer);
    b->writer = NULL;
    b->stack = NULL;
    b->stack_capacity = 0;
}
