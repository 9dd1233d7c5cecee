#include "builder_sparse.h"
#include "words.h"

#include <stdlib.h>
#include <string.h>

// Sparse builds: the builder keeps only the members a schema names (fastmap_sparse.h). Skipped
// values still pass through the builder's checks (strings and keys are validated before these
// functions are asked, containers count towards the nesting limit), so a sparse parse fails
// exactly as a full one; it just creates no node for what nobody will read.

// The schema of the calling thread's whole-document parses, set by fm_parse_sparse around one
// call (the parse entry points take no schema argument; the streaming parser never reads it).
static _Thread_local const fm_sparse_schema *current_schema;

const fm_sparse_schema *fm_sparse_current(void) { return current_schema; }

int fm_sparse_start(fm_builder *b, int *result, uint32_t *schema) {
    if (b->skip_depth || b->skip_value) {
        // Skipped, but still one level of nesting, counted as a built container would be.
        if (b->depth + b->skip_depth >= b->max_depth) {
            *result = fm_builder_fail_depth(b);
            return 1;
        }
        b->skip_value = 0;
        b->skip_depth++;
        *result = 1;
        return 1;
    }
    uint32_t chosen;
    if (b->depth == 0) {
        chosen = 0;
    } else {
        const fm_frame *parent = &b->stack[b->depth - 1];
        if (parent->sparse == FM_SPARSE_KEEP) chosen = FM_SPARSE_KEEP;
        else if (parent->is_array) chosen = b->sparse->nodes[parent->sparse].element;
        else chosen = b->member_schema;
    }
    *schema = fm_sparse_container_filter(b->sparse, chosen);
    return 0;
}

void fm_sparse_started(fm_builder *b, uint32_t schema) {
    fm_frame *frame = &b->stack[b->depth - 1];
    frame->sparse = schema;
    if (schema != FM_SPARSE_KEEP) frame->hint = fm_sparse_object_hint(b->sparse, &b->hints, schema);
    fm_writer_mark(b->writer, schema == FM_SPARSE_KEEP ? 0 : schema + 1);
    if (schema == FM_SPARSE_KEEP) {
        // Everything below is built in full: no checks until it closes (its containers carry
        // mark 0, as every container starts).
        b->suspended = b->sparse;
        b->suspended_depth = b->depth;
        b->sparse = NULL;
    }
}

int fm_sparse_key(fm_builder *b, const unsigned char *bytes, size_t count) {
    fm_frame *frame = &b->stack[b->depth - 1];
    if (frame->sparse == FM_SPARSE_KEEP) {
        b->member_schema = FM_SPARSE_KEEP;
        return 1;
    }
    if (fm_sparse_member_schema(b->sparse, &b->hints, frame->sparse, &frame->hint, bytes, count, &b->member_schema))
        return 1;
    b->skip_value = 1;
    return 0;
}

void fm_sparse_reset(fm_builder *b) {
    if (b->suspended) b->sparse = b->suspended;
    b->suspended = NULL;
    b->skip_value = 0;
    b->skip_depth = 0;
}

