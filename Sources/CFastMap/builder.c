#include "builder.h"
#include "document_writer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Tokens -> the cells of a document (fastmap_document.h). The tokenizer (yajl, or simdjson's
// walk over a stream's window) validates the grammar; this file applies FastMap's rules on top:
// first duplicate key wins (the writer drops the later member), integers up to UInt64.max, reals
// and numbers beyond those ranges kept as written, strict UTF-8, lone surrogates rejected, and a
// nesting limit instead of unbounded recursion. (A whole document the simdjson engine reads is
// written by the walk itself, by the same rules: walk.c.)
//
// This file writes values and numbers, keeps the frame stack, and holds yajl's callbacks; the
// steps a stream's walk listener calls for raw tokens (fm_build_simdjson_string, _key) are here
// too. String tokens are decoded in builder_strings.c; yajl's whole-document engine, which
// drives the callbacks, sits above this file in builder_parse.c.

static void note_root_complete(fm_builder *b) {
    b->root_complete = 1;
    b->root_end = b->handle ? fm_builder_consumed(b) : 0;
}

// After a value's cells are written: at the top level the root is complete (a container root
// only at its closing bracket, fm_build_end_container).
static int written(fm_builder *b, int status) {
    if (status == FM_WRITE_FAILED) return fm_builder_fail_out_of_memory(b);
    if (b->depth == 0) {
        b->root = fm_writer_take_root(b->writer);
        note_root_complete(b);
    }
    return 1;
}

int fm_build_null(fm_builder *b) {
    if (!fm_build_keeps_scalar(b)) return 1;
    return written(b, fm_writer_null(b->writer));
}

int fm_build_boolean(fm_builder *b, int value) {
    if (!fm_build_keeps_scalar(b)) return 1;
    return written(b, fm_writer_boolean(b->writer, value));
}

// A number token whose shape fm_json_number_shape told, written as fm_writer_put_number says.
static int build_shaped_number(fm_builder *b, const char *text, size_t length, fm_number_shape shape,
                               uint64_t magnitude, unsigned fraction) {
    return written(b, fm_writer_put_number(b->writer, text, length, shape, magnitude, fraction));
}

int fm_build_number(fm_builder *b, const char *text, size_t length) {
    // A skipped number cannot fail (texts out of range are kept, not rejected): not even read.
    if (!fm_build_keeps_scalar(b)) return 1;
    uint64_t magnitude = 0;
    unsigned fraction = 0;
    fm_number_shape shape = fm_json_number_shape(text, length, &magnitude, &fraction);
    // The tokenizer checked the grammar: its numbers have a shape.
    return build_shaped_number(b, text, length, shape == FM_NUMBER_INVALID ? FM_NUMBER_TEXT : shape, magnitude,
                               fraction);
}

int fm_build_checked_number(fm_builder *b, const char *document, const char *text, size_t length) {
    uint64_t magnitude = 0;
    unsigned fraction = 0;
    fm_number_shape shape = fm_json_number_shape_in(document, text, length, &magnitude, &fraction);
    if (shape == FM_NUMBER_INVALID) return 0;
    // A skipped number's only possible error is its grammar.
    if (!fm_build_keeps_scalar(b)) return 1;
    return build_shaped_number(b, text, length, shape, magnitude, fraction);
}

int fm_build_string(fm_builder *b, const unsigned char *text, size_t length) {
    const unsigned char *bytes;
    size_t count;
    unsigned char *owned;
    if (!fm_builder_string_bytes(b, text, length, &bytes, &count, &owned)) return 0;
    int ok = fm_build_final_string(b, bytes, count);
    free(owned);
    return ok;
}

int fm_build_final_string(fm_builder *b, const unsigned char *bytes, size_t count) {
    // Skipped strings were checked all the same (fm_builder_string_bytes): the errors stay.
    if (!fm_build_keeps_scalar(b)) return 1;
    return written(b, fm_writer_string(b->writer, bytes, count));
}

int fm_build_simdjson_string(fm_builder *b, fm_string_scratch *scratch, const unsigned char *raw, size_t length) {
    if (!fm_build_keeps_scalar(b)) return fm_simdjson_string_valid(raw, length);
    size_t count;
    const unsigned char *bytes = fm_simdjson_string_bytes(scratch, fm_writer_document(b->writer), raw, length, &count);
    return bytes && fm_build_final_string(b, bytes, count);
}

int fm_build_map_key(fm_builder *b, const unsigned char *text, size_t length) {
    const unsigned char *bytes;
    size_t count;
    unsigned char *owned;
    if (!fm_builder_string_bytes(b, text, length, &bytes, &count, &owned)) return 0;
    int ok = fm_build_final_map_key(b, bytes, count);
    free(owned);
    return ok;
}

int fm_build_final_map_key(fm_builder *b, const unsigned char *bytes, size_t count) {
    // A key inside a skipped value, or one the schema does not keep: checked, never kept.
    if (b->sparse && (b->skip_depth || !fm_sparse_key(b, bytes, count))) return 1;
    // A repeated key's member is written and then dropped by the writer: the first one wins.
    return fm_writer_key(b->writer, bytes, count) != FM_WRITE_FAILED || fm_builder_fail_out_of_memory(b);
}

int fm_build_simdjson_key(fm_builder *b, fm_string_scratch *scratch, const unsigned char *raw, size_t length) {
    size_t count;
    const unsigned char *bytes = fm_simdjson_string_bytes(scratch, fm_writer_document(b->writer), raw, length, &count);
    if (!bytes || !fm_build_final_map_key(b, bytes, count)) return 0;
    if (!b->skip_value) return 1;
    // The schema does not read this member: the walk checks its value without reporting it.
    b->skip_value = 0;
    return FM_WALK_SKIP_VALUE;
}

// Makes room for one more frame: doubles the stack, checking every size for overflow. Frames
// past the first few count against the document's memory limit (nesting grows with the input).
static int reserve_frame(fm_builder *b) {
    if (b->depth < b->stack_capacity) return 1;
    size_t capacity = b->stack_capacity ? b->stack_capacity : FM_INITIAL_FRAMES;
    if (b->depth >= capacity) {
        if (capacity > SIZE_MAX / 2 / sizeof(fm_frame)) return 0;
        capacity *= 2;
    }
    if (!fm_doc_count(fm_writer_document(b->writer), (capacity - b->stack_capacity) * sizeof(fm_frame))) return 0;
    fm_frame *stack = realloc(b->stack, capacity * sizeof(fm_frame));
    if (!stack) return 0;
    b->stack = stack;
    b->stack_capacity = capacity;
    return 1;
}


static inline __attribute__((always_inline)) int start_container(fm_builder *b, int array) {
    if (b->depth >= b->max_depth) return fm_builder_fail_depth(b);
    if (!reserve_frame(b)) return fm_builder_fail_out_of_memory(b);
    int status = array ? fm_writer_start_array(b->writer) : fm_writer_start_object(b->writer);
    if (status == FM_WRITE_FAILED) return fm_builder_fail_out_of_memory(b);
    fm_frame *frame = &b->stack[b->depth++];
    frame->is_array = array;
    frame->sparse = FM_SPARSE_KEEP;
    frame->hint = 0;
    return 1;
}

int fm_build_end_container(fm_builder *b) {
    if (b->suspended && b->depth == b->suspended_depth) {
        b->sparse = b->suspended;  // the container kept whole closes: filter again
        b->suspended = NULL;
    }
    if (b->sparse && b->skip_depth) {
        b->skip_depth--;
        return 1;
    }
    b->depth--;
    return written(b, fm_writer_end(b->writer));
}

// A container under a schema: skipped whole, or built and marked with the schema it gets.
static int start_sparse(fm_builder *b, int array) {
    int result;
    uint32_t schema;
    if (fm_sparse_start(b, &result, &schema)) return result;
    if (!start_container(b, array)) return 0;
    fm_sparse_started(b, schema);
    return 1;
}

int fm_build_start_map(fm_builder *b) {
    if (b->sparse) return start_sparse(b, 0);
    return start_container(b, 0);
}

int fm_build_start_array(fm_builder *b) {
    if (b->sparse) return start_sparse(b, 1);
    return start_container(b, 1);
}

void fm_builder_note_token(fm_builder *b, int after, int nesting) {
    b->trail.end = fm_builder_consumed(b);
    b->trail.after = after;
    b->trail.depth += (size_t)(ptrdiff_t)nesting;
}

static int on_null(void *ctx) {
    fm_builder_note_token(ctx, FM_AFTER_VALUE, 0);
    return fm_build_null(ctx);
}
static int on_boolean(void *ctx, int value) {
    fm_builder_note_token(ctx, FM_AFTER_VALUE, 0);
    return fm_build_boolean(ctx, value);
}
static int on_number(void *ctx, const char *text, size_t length) {
    fm_builder_note_token(ctx, FM_AFTER_VALUE, 0);
    return fm_build_number(ctx, text, length);
}
static int on_string(void *ctx, const unsigned char *text, size_t length) {
    fm_builder_note_token(ctx, FM_AFTER_VALUE, 0);
    return fm_build_string(ctx, text, length);
}
static int on_map_key(void *ctx, const unsigned char *text, size_t length) {
    fm_builder_note_token(ctx, FM_AFTER_KEY, 0);
    return fm_build_map_key(ctx, text, length);
}
static int on_start_map(void *ctx) {
    fm_builder_note_token(ctx, FM_AFTER_START, 1);
    return fm_build_start_map(ctx);
}
static int on_start_array(void *ctx) {
    fm_builder_note_token(ctx, FM_AFTER_START, 1);
    return fm_build_start_array(ctx);
}
static int on_end_container(void *ctx) {
    fm_builder_note_token(ctx, FM_AFTER_VALUE, -1);
    return fm_build_end_container(ctx);
}

const yajl_callbacks fm_builder_callbacks = {
    on_null, on_boolean, NULL, NULL, on_number, on_string,
    on_start_map, on_map_key, on_end_container, on_start_array, on_end_container,
};

void fm_builder_discard(fm_builder *b) {
    b->depth = 0;
    fm_sparse_reset(b);
    fm_writer_abandon(b->writer);
    b->root = NULL;
}
