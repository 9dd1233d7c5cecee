#include "stream_state.h"

#include "fastmap_sparse.h"

// Sparse elements (fastmap_stream.h, fm_stream_set_sparse): the stream's builder keeps only the
// members a schema names, as in a whole-document sparse parse (builder_sparse.c). Whichever
// tokenizer drives s->builder, the setting applies to it: the builder filters, the tokenizer
// does not know.
//
// A schema changes only between elements, so every element is built under one schema from its
// first token to its last, and the caller knows which (the one in effect when the element's
// feed started).

int fm_stream_set_sparse(fm_stream *s, const fm_sparse_schema *schema) {
    fm_builder *b = &s->builder;
    // An element is open (or a failed one is still being skipped): keep its schema.
    if (b->depth || b->skip_depth || b->skip_value || b->suspended || s->element_failed) return 0;
    fm_sparse_hints_free(&b->hints);  // they name members of the schema before
    if (schema) {
        s->sparse_schema = *schema;
        b->sparse = &s->sparse_schema;
    } else {
        b->sparse = NULL;
    }
    return 1;
}
