#include "builder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// yajl tokens -> jansson nodes. yajl validates the grammar; this file applies FastMap's rules
// on top: first duplicate key wins, integers up to UInt64.max, `-0` kept as a negative zero,
// strict UTF-8, lone surrogates rejected, and a nesting limit instead of unbounded recursion.
// Numbers beyond those ranges keep their text (fm_number_text_node in dialect.c).
//
// This file attaches values and numbers and keeps the frame stack; string tokens are in
// builder_strings.c, the whole-document entry points in builder_parse.c.

enum { FM_INITIAL_FRAMES = 32 };

int fm_builder_fail(fm_builder *b, int kind, const char *message) {
    if (b->error->kind != FM_OK) return 0;
    b->error->kind = kind;
    // Engines without a yajl handle (simdjson) report no offset: they hand every failure to yajl.
    b->error->offset = b->offset_base + (b->handle ? yajl_get_bytes_consumed(b->handle) : 0);
    snprintf(b->error->message, sizeof b->error->message, "%s", message);
    return 0;
}

int fm_builder_fail_out_of_memory(fm_builder *b) {
    fm_budget *budget = fm_budget_current();
    if (budget && budget->exceeded) {
        char message[160];
        snprintf(message, sizeof message, "The document needs more than the memory limit of %zu bytes.",
                 budget->limit);
        return fm_builder_fail(b, FM_ERROR_MEMORY_LIMIT, message);
    }
    return fm_builder_fail(b, FM_ERROR_OUT_OF_MEMORY, "out of memory while building the document");
}

static void note_root_complete(fm_builder *b) {
    b->root_complete = 1;
    b->root_end = b->handle ? yajl_get_bytes_consumed(b->handle) : 0;
}

// Hands `value` (one owned reference) to the container being built.
// Sets *attached to 0 when the caller keeps ownership (a duplicate key: the first one wins).
static int attach(fm_builder *b, json_t *value, int *attached) {
    if (!value) return fm_builder_fail_out_of_memory(b);
    if (b->depth == 0) {
        b->root = value;
        // A container root is complete only at its closing bracket (fm_build_end_container).
        if (!json_is_array(value) && !json_is_object(value)) note_root_complete(b);
        *attached = 1;
        return 1;
    }
    json_t *parent = b->stack[b->depth - 1].node;
    if (json_is_array(parent)) {
        if (json_array_append_new(parent, value) != 0) return fm_builder_fail_out_of_memory(b);
        *attached = 1;
        return 1;
    }
    if (b->optimistic_keys) {
        fm_frame *frame = &b->stack[b->depth - 1];
        if (b->member_bit && b->sparse) {
            // An object a schema filters is read only by FastMap's lookups, which walk its
            // members (fm_object_member), so its members skip jansson's hash (4 to 7% of
            // decoding github_events.json or twitter.json). A duplicate is a bit seen twice.
            if (frame->seen & b->member_bit) {
                json_decref(value);
                b->saw_duplicate = 1;
                return 0;
            }
            // Kept members are ordered as the schema numbers them, the order the model read
            // them in when it was learned, so that its lookups, which look first just after the
            // member found last, find each member at once, in whatever order the document has
            // them (github_events.json's objects have theirs shuffled: half of the lookups of
            // decoding it walked the object). `later`: the members already in that the schema
            // numbers after this one (0 for bit 63).
            uint64_t later = frame->seen & ~((b->member_bit << 1) - 1);
            frame->seen |= b->member_bit;
            if (fm_object_append_unhashed(parent, b->member_key, b->key_length, value, later) != 0)
                return fm_builder_fail_out_of_memory(b);
        } else if (fm_object_insert(parent, b->member_key, b->key_length, value) != 0) {
            // A duplicate replaces the first member; the object's close notices (one size
            // query per object instead of two per member).
            return fm_builder_fail_out_of_memory(b);
        }
        frame->members++;
        *attached = 1;
        return 1;
    }
    if (json_object_getn(parent, b->member_key, b->key_length) != NULL) {
        *attached = 0;
        return 1;
    }
    if (fm_object_insert(parent, b->member_key, b->key_length, value) != 0) return fm_builder_fail_out_of_memory(b);
    *attached = 1;
    return 1;
}

static int attach_scalar(fm_builder *b, json_t *value) {
    int attached = 0;
    if (!attach(b, value, &attached)) return 0;
    if (!attached) json_decref(value);
    return 1;
}

int fm_build_null(fm_builder *b) {
    if (!fm_build_keeps_scalar(b)) return 1;
    return attach_scalar(b, json_null());
}

int fm_build_boolean(fm_builder *b, int value) {
    if (!fm_build_keeps_scalar(b)) return 1;
    return attach_scalar(b, value ? json_true() : json_false());
}

// An integer's node: `magnitude` holds its digits when there are at most 19 of them (which
// always fit in 64 bits); past that they are read again, checking each step.
static int build_integer(fm_builder *b, const char *text, size_t length, int negative, uint64_t magnitude) {
    size_t digits = length - (negative ? 1 : 0);
    int overflow = 0;
    if (digits > 19) {
        magnitude = 0;
        for (size_t k = negative ? 1 : 0; k < length; k++) {
            uint64_t digit = (uint64_t)(text[k] - '0');
            if (magnitude > (UINT64_MAX - digit) / 10) {
                overflow = 1;
                break;
            }
            magnitude = magnitude * 10 + digit;
        }
    }
    if (!overflow && negative) {
        if (magnitude == 0) return attach_scalar(b, fm_real_node(-0.0));
        if (magnitude <= (uint64_t)INT64_MAX) return attach_scalar(b, fm_integer_node(-(json_int_t)magnitude));
        if (magnitude == (uint64_t)INT64_MAX + 1) return attach_scalar(b, fm_integer_node(INT64_MIN));
    } else if (!overflow) {
        if (magnitude <= (uint64_t)INT64_MAX) return attach_scalar(b, fm_integer_node((json_int_t)magnitude));
        return attach_scalar(b, fm_json_unsigned(magnitude));
    }
    // Beyond Int64.min...UInt64.max: the node keeps the text (as Foundation keeps it).
    b->inexact_real = 1;
    return attach_scalar(b, fm_number_text_node(text, length));
}

// `exact_text`: see fm_json_number.
static int build_real(fm_builder *b, const char *text, size_t length, double value, int exact_text) {
    if (!exact_text) {
        b->inexact_real = 1;
        if (value == 0) b->inexact_zero = 1;
    }
    // Beyond Double's range: a document never fails for a number nobody reads.
    if (isinf(value)) return attach_scalar(b, fm_number_text_node(text, length));
    return attach_scalar(b, fm_real_node(value));
}

int fm_build_number(fm_builder *b, const char *text, size_t length) {
    // A skipped number cannot fail (texts out of range are kept, not rejected): not even read.
    if (!fm_build_keeps_scalar(b)) return 1;
    // One scan over the leading digits: most numbers are integers, which end right there.
    int negative = text[0] == '-';
    size_t i = negative ? 1 : 0;
    uint64_t magnitude = 0;
    while (i < length && (unsigned)(text[i] - '0') < 10) magnitude = magnitude * 10 + (uint64_t)(text[i++] - '0');
    if (i == length) return build_integer(b, text, length, negative, magnitude);
    fm_json_number number;
    int read = fm_read_json_number(text, length, &number);
    if (read > 0) return build_real(b, text, length, number.real, number.exact_text);
    // Past the grammar (no engine hands such text over, yajl checks it first): strtod's reading.
    double value;
    if (read < 0 || !fm_parse_double(text, length, &value)) return fm_builder_fail_out_of_memory(b);
    return build_real(b, text, length, value, 0);
}

int fm_build_checked_number(fm_builder *b, const char *text, size_t length) {
    // A skipped number's only possible error is its grammar: its value is never worked out
    // (a real's conversion was most of the cost of skipping one).
    if (!fm_build_keeps_scalar(b)) return fm_json_number_grammar(text, length);
    fm_json_number number;
    int read = fm_read_json_number(text, length, &number);
    if (read == 0) return 0;
    if (read < 0) return fm_builder_fail_out_of_memory(b);
    if (number.is_integer) return build_integer(b, text, length, number.negative, number.magnitude);
    return build_real(b, text, length, number.real, number.exact_text);
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
    return fm_build_string_node(b, fm_string_node((const char *)bytes, count));
}

int fm_build_string_node(fm_builder *b, json_t *node) { return attach_scalar(b, node); }

int fm_build_map_key(fm_builder *b, const unsigned char *text, size_t length) {
    const unsigned char *bytes;
    size_t count;
    unsigned char *owned;
    if (!fm_builder_string_bytes(b, text, length, &bytes, &count, &owned)) return 0;
    int ok = fm_build_final_map_key(b, bytes, count);
    free(owned);
    return ok;
}

// A key inside a skipped value, or one the schema does not keep: checked, never kept.
static int skips_key(fm_builder *b, const unsigned char *bytes, size_t count) {
    return b->sparse && (b->skip_depth || !fm_sparse_key(b, bytes, count));
}

int fm_build_final_map_key(fm_builder *b, const unsigned char *bytes, size_t count) {
    if (skips_key(b, bytes, count)) return 1;
    if (count + 1 > b->key_capacity) {
        size_t capacity = b->key_capacity ? b->key_capacity : 64;
        while (capacity < count + 1) capacity *= 2;
        char *key = realloc(b->key, capacity);
        if (!key) return fm_builder_fail_out_of_memory(b);
        b->key = key;
        b->key_capacity = capacity;
    }
    memcpy(b->key, bytes, count);
    b->key[count] = '\0';
    b->member_key = b->key;
    b->key_length = count;
    return 1;
}

int fm_build_stable_map_key(fm_builder *b, const unsigned char *bytes, size_t count) {
    if (skips_key(b, bytes, count)) return 1;
    b->member_key = (const char *)bytes;
    b->key_length = count;
    return 1;
}

// Makes room for one more frame: doubles the stack, checking every size for overflow.
static int reserve_frame(fm_builder *b) {
    if (b->depth < b->stack_capacity) return 1;
    size_t capacity = b->stack_capacity ? b->stack_capacity : FM_INITIAL_FRAMES;
    if (b->depth >= capacity) {
        if (capacity > SIZE_MAX / 2 / sizeof(fm_frame)) return 0;
        capacity *= 2;
    }
    fm_frame *stack = realloc(b->stack, capacity * sizeof(fm_frame));
    if (!stack) return 0;
    b->stack = stack;
    b->stack_capacity = capacity;
    return 1;
}

int fm_builder_fail_depth(fm_builder *b) {
    char message[160];
    snprintf(message, sizeof message, "Too many nested arrays or dictionaries (more than %zu levels).",
             b->max_depth);
    return fm_builder_fail(b, FM_ERROR_DEPTH, message);
}

static int start_container(fm_builder *b, json_t *container) {
    if (!container) return fm_builder_fail_out_of_memory(b);
    if (b->depth >= b->max_depth) {
        json_decref(container);
        return fm_builder_fail_depth(b);
    }
    if (!reserve_frame(b)) {
        json_decref(container);
        return fm_builder_fail_out_of_memory(b);
    }
    int attached = 0;
    if (!attach(b, container, &attached)) return 0;
    b->stack[b->depth].node = container;
    b->stack[b->depth].attached = attached;
    b->stack[b->depth].members = 0;
    b->stack[b->depth].seen = 0;
    b->depth++;
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
    fm_frame *frame = &b->stack[b->depth];
    if (b->optimistic_keys && json_is_object(frame->node) && json_object_size(frame->node) != frame->members) {
        // A later member replaced an earlier one: this tree is wrong, start over carefully.
        b->depth++;  // the frame stays open, so discarding the tree releases it
        b->saw_duplicate = 1;
        return 0;
    }
    if (!frame->attached) json_decref(frame->node);
    if (b->depth == 0) note_root_complete(b);
    return 1;
}

// A container under a schema: skipped whole, or built and marked with the schema it gets.
static int start_sparse(fm_builder *b, int array) {
    int result;
    uint32_t schema;
    if (fm_sparse_start(b, &result, &schema)) return result;
    if (!start_container(b, array ? json_array() : json_object())) return 0;
    fm_sparse_started(b, schema);
    return 1;
}

int fm_build_start_map(fm_builder *b) {
    if (b->sparse) return start_sparse(b, 0);
    return start_container(b, json_object());
}

int fm_build_start_array(fm_builder *b) {
    if (b->sparse) return start_sparse(b, 1);
    return start_container(b, json_array());
}

static int on_null(void *ctx) { return fm_build_null(ctx); }
static int on_boolean(void *ctx, int value) { return fm_build_boolean(ctx, value); }
static int on_number(void *ctx, const char *text, size_t length) {
    return fm_build_number(ctx, text, length);
}
static int on_string(void *ctx, const unsigned char *text, size_t length) {
    return fm_build_string(ctx, text, length);
}
static int on_map_key(void *ctx, const unsigned char *text, size_t length) {
    return fm_build_map_key(ctx, text, length);
}
static int on_start_map(void *ctx) { return fm_build_start_map(ctx); }
static int on_start_array(void *ctx) { return fm_build_start_array(ctx); }
static int on_end_container(void *ctx) { return fm_build_end_container(ctx); }

const yajl_callbacks fm_builder_callbacks = {
    on_null, on_boolean, NULL, NULL, on_number, on_string,
    on_start_map, on_map_key, on_end_container, on_start_array, on_end_container,
};

int fm_builder_init(fm_builder *b, size_t max_depth, fm_parse_error *error) {
    memset(b, 0, sizeof *b);
    b->unhashed_members = fm_object_pairs_check_result();
    b->max_depth = max_depth;
    b->error = error;
    // A few frames up front (most documents nest a handful of levels); reserve_frame doubles
    // them when deeper nesting actually arrives, so the limit itself costs nothing.
    b->stack = malloc(FM_INITIAL_FRAMES * sizeof(fm_frame));
    b->stack_capacity = b->stack ? FM_INITIAL_FRAMES : 0;
    return b->stack != NULL;
}

void fm_builder_destroy(fm_builder *b) {
    fm_sparse_forget_hints(b);
    free(b->stack);
    free(b->key);
    b->stack = NULL;
    b->stack_capacity = 0;
    b->key = NULL;
    b->key_capacity = 0;
}

static void release_unattached(fm_builder *b) {
    while (b->depth > 0) {
        b->depth--;
        if (!b->stack[b->depth].attached) json_decref(b->stack[b->depth].node);
    }
}

void fm_builder_discard(fm_builder *b) {
    release_unattached(b);
    fm_sparse_reset(b);
    if (b->root) json_decref(b->root);
    b->root = NULL;
}
