#ifndef FASTMAP_BUILDER_STATE_H
#define FASTMAP_BUILDER_STATE_H

// The builder's state and the few functions every builder file calls (its errors, its setup),
// below the files that build: builder_strings.c and builder_sparse.c call only these, and
// builder.c calls them and those two. Private to CFastMap.

#include "internal.h"
#include "sparse_lookup.h"


/// JSON's four white-space bytes (RFC 8259; `\f` and `\v` are not among them). The first test
/// settles almost every byte of real text in one comparison.
static inline int fm_is_json_space(unsigned char c) {
    return c <= ' ' && (c == ' ' || c == '\n' || c == '\r' || c == '\t');
}

/// How many bytes of JSON white space bytes[0..<length] starts with: `length` when it holds
/// nothing else.
static inline size_t fm_json_space_prefix(const unsigned char *bytes, size_t length) {
    size_t i = 0;
    while (i < length && fm_is_json_space(bytes[i])) i++;
    return i;
}

/// A growable buffer for strings decoded from their escapes.
typedef struct fm_string_scratch {
    unsigned char *bytes;
    size_t capacity;
} fm_string_scratch;

typedef struct fm_frame {
    int is_array;
    uint32_t sparse;  // sparse builds only: the schema node filtering it, or FM_SPARSE_KEEP
    uint32_t hint;    // sparse builds: the slot of fm_builder.hints for the object's next key
} fm_frame;

struct fm_builder;

/// Finds the raw text (between the quotes) of the string token yajl has just reported, for
/// a token whose decoded text is not in the current input, and the absolute offset of its
/// first byte. Sets *owned when the text had to be assembled into a new buffer (the caller
/// frees it). Returns 0 when it cannot be found.
typedef int (*fm_raw_lookup)(struct fm_builder *b, const unsigned char **raw, size_t *raw_length,
                             size_t *raw_offset, unsigned char **owned);

/// What yajl reported last, for a parse error's offending token (fm_yajl_rejected_token):
/// where that token ends in the input yajl is parsing, what it was, and the containers open.
typedef struct fm_token_trail {
    size_t end;
    int after;  // FM_AFTER_*
    size_t depth;
} fm_token_trail;

enum { FM_AFTER_NOTHING, FM_AFTER_START, FM_AFTER_KEY, FM_AFTER_VALUE };

typedef struct fm_builder {
    fm_frame *stack;         // grows on demand (doubling), never past max_depth frames
    size_t stack_capacity;
    size_t depth;
    size_t max_depth;        // any value is safe: SIZE_MAX means no limit
    fm_writer *writer;       // the cells go to its document
    const fm_cell *root;     // the value completed last, until taken
    fm_parse_error *error;
    yajl_handle handle;
    const unsigned char *input;  // the bytes yajl is parsing right now
    size_t input_length;
    size_t offset_base;          // absolute offset of input[0], for error offsets
    size_t fed;                  // offset in `input` of the piece the running yajl_parse was given
    fm_raw_lookup raw_lookup;    // NULL: the whole token is always inside `input`
    void *raw_context;
    // Offset (in `input`) just past the root value, and whether the root was complete there:
    // yajl accepts a string left open after a complete value (`1"`), so the tail is checked.
    size_t root_end;
    int root_complete;
    // Sparse builds (builder_sparse.c): the schema (NULL: build everything), values skipped
    // whole (skip_value: the next value; skip_depth: containers open inside a skipped one), and
    // the schema of the next member's value.
    const fm_sparse_schema *sparse;
    int skip_value;
    size_t skip_depth;
    uint32_t member_schema;
    // Inside a container kept whole, the schema is set aside (sparse = NULL: the plain, fast
    // path) until that container, frame suspended_depth - 1, closes.
    const fm_sparse_schema *suspended;
    size_t suspended_depth;
    // Sparse builds: the key most likely next in an object (fm_sparse_hints).
    fm_sparse_hints hints;
    // The yajl listeners' record of each token (fm_builder_note_token).
    fm_token_trail trail;
} fm_builder;

/// How far into `input` yajl has read: a whole-document parse gives yajl its text in pieces
/// (fm_parse_yajl), and yajl counts the bytes of the piece it is reading.
static inline size_t fm_builder_consumed(const fm_builder *b) { return b->fed + yajl_get_bytes_consumed(b->handle); }

/// Frames a builder starts with (fm_builder_init); deeper nesting doubles them.
enum { FM_INITIAL_FRAMES = 32 };

/// Prepares a builder writing into `doc`, for values nested at most max_depth levels (0: scalars
/// only; any larger value, up to SIZE_MAX, is safe: the frame stack starts small and grows with
/// the nesting actually met). Returns 0 when out of memory.
int fm_builder_init(fm_builder *b, fm_doc *doc, size_t max_depth, fm_parse_error *error);

/// Frees the builder's own buffers (not the values it wrote).
void fm_builder_destroy(fm_builder *b);

/// Records the first error of a build; later ones are ignored. Returns 0.
int fm_builder_fail(fm_builder *b, int kind, const char *message);

/// Records nesting deeper than max_depth. Returns 0.
int fm_builder_fail_depth(fm_builder *b);

/// Records running out of memory: FM_ERROR_MEMORY_LIMIT when the document's memory limit was
/// reached, FM_ERROR_OUT_OF_MEMORY otherwise. Returns 0.
int fm_builder_fail_out_of_memory(fm_builder *b);

/// 1 when the scalar being reported is not built (a sparse build skips it).
static inline int fm_sparse_skips_scalar(fm_builder *b) {
    if (b->skip_depth) return 1;
    if (b->skip_value) {
        b->skip_value = 0;
        return 1;
    }
    return 0;
}
/// Whether the scalar being reported is built: every scalar of a full build, and those a
/// sparse build does not skip (asked once per scalar, as the answer moves the skip along).
static inline int fm_build_keeps_scalar(fm_builder *b) { return !(b->sparse && fm_sparse_skips_scalar(b)); }

#endif
