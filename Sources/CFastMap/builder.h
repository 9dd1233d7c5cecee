#ifndef FASTMAP_BUILDER_H
#define FASTMAP_BUILDER_H

// The node builder shared by the whole-document parser (builder.c, builder_strings.c,
// builder_parse.c) and the streaming parser (stream*.c). Private to CFastMap: not under
// include/, so Swift never sees it.
//
// A builder turns tokens into the cells of one document (fastmap_document.h) with FastMap's rules (first duplicate key
// wins, integers up to UInt64.max, `-0` kept negative, strict UTF-8, lone surrogates
// rejected, a nesting limit). Each fm_build_* function takes the builder, returns 1 to go on
// and 0 after recording an error in *error.

#include "internal.h"

/// JSON's four white-space bytes (RFC 8259; `\f` and `\v` are not among them). The first test
/// settles almost every byte of real text in one comparison.
static inline int fm_is_json_space(unsigned char c) {
    return c <= ' ' && (c == ' ' || c == '\n' || c == '\r' || c == '\t');
}

typedef struct fm_frame {
    int is_array;
    uint32_t sparse;  // sparse builds only: the schema node filtering it, or FM_SPARSE_KEEP
    uint32_t hint;    // sparse builds: the slot of fm_builder.key_hints for the object's next key
} fm_frame;

struct fm_builder;

/// Finds the raw text (between the quotes) of the string token yajl has just reported, for
/// a token whose decoded text is not in the current input, and the absolute offset of its
/// first byte. Sets *owned when the text had to be assembled into a new buffer (the caller
/// frees it). Returns 0 when it cannot be found.
typedef int (*fm_raw_lookup)(struct fm_builder *b, const unsigned char **raw, size_t *raw_length,
                             size_t *raw_offset, unsigned char **owned);

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
    // Sparse builds: the key most likely next in an object, learned from the objects before it
    // (see fm_sparse_key), 1 + a schema member index per slot (0: none yet). Slot m follows
    // member m; slot sparse->member_count + n starts an object of schema node n. Made at the
    // first filtered container (the root, so every filtered frame has its slot); NULL before,
    // and for good when out of memory then (every key is then looked up).
    uint32_t *key_hints;
    int key_hints_made;  // the hints were made (or could not be) for this schema
} fm_builder;

/// A frame built in full, everything below it too.
#define FM_SPARSE_KEEP UINT32_MAX

/// Prepares a builder writing into `doc`, for values nested at most max_depth levels (0: scalars
/// only; any larger value, up to SIZE_MAX, is safe: the frame stack starts small and grows with
/// the nesting actually met). Returns 0 when out of memory.
int fm_builder_init(fm_builder *b, fm_doc *doc, size_t max_depth, fm_parse_error *error);

/// Forgets the key hints (the schema changes).
void fm_sparse_forget_hints(fm_builder *b);

/// Frees the builder's own buffers (not the values it wrote).
void fm_builder_destroy(fm_builder *b);

/// Drops a partly built value (after an error) and makes the builder ready for a new one.
void fm_builder_discard(fm_builder *b);

/// Records the first error of a build; later ones are ignored. Returns 0.
int fm_builder_fail(fm_builder *b, int kind, const char *message);

/// Records nesting deeper than max_depth. Returns 0.
int fm_builder_fail_depth(fm_builder *b);

/// Records running out of memory: FM_ERROR_MEMORY_LIMIT when the document's memory limit was
/// reached, FM_ERROR_OUT_OF_MEMORY otherwise. Returns 0.
int fm_builder_fail_out_of_memory(fm_builder *b);

int fm_build_null(fm_builder *b);
int fm_build_boolean(fm_builder *b, int value);
int fm_build_number(fm_builder *b, const char *text, size_t length);
/// fm_build_number for text whose grammar nobody checked yet (the simdjson engine's tokens):
/// checks and reads it in one pass; returns 0 without an error for text that is no JSON number.
int fm_build_checked_number(fm_builder *b, const char *text, size_t length);
int fm_build_string(fm_builder *b, const unsigned char *text, size_t length);
int fm_build_map_key(fm_builder *b, const unsigned char *text, size_t length);
/// fm_build_string / fm_build_map_key for bytes already final: escapes decoded, UTF-8 checked.
int fm_build_final_string(fm_builder *b, const unsigned char *bytes, size_t count);
int fm_build_final_map_key(fm_builder *b, const unsigned char *bytes, size_t count);
/// A string token of simdjson's walk (`raw`, between its quotes, in simdjson's padded input):
/// built from its raw text in one pass (builder_simdjson.c). 0 when yajl must judge the text (a
/// malformed escape, a lone surrogate) or on an error the builder recorded.
int fm_build_simdjson_string(fm_builder *b, fm_string_scratch *scratch, const unsigned char *raw, size_t length);
/// What a simdjson listener's `key` returns after the builder took the key (`key_result`, its
/// fm_build_*_map_key result): FM_SIMDJSON_SKIP_VALUE when a sparse build skips the member's
/// value, which the walk then checks without reporting it (the skip is consumed here).
int fm_build_key_or_skip(fm_builder *b, int key_result);
/// The simdjson listeners' `check_string` (the context is not read): whether a string inside a
/// skipped value holds only escapes the engine decodes, checked in place without decoding it.
int fm_simdjson_check_string(void *context, const unsigned char *raw, size_t length);
/// The simdjson listeners' `check_number` (the context is not read): whether a number inside a
/// skipped value has JSON's grammar.
int fm_simdjson_check_number(void *context, const char *text, size_t length);
int fm_build_start_map(fm_builder *b);
int fm_build_start_array(fm_builder *b);
int fm_build_end_container(fm_builder *b);

/// Produces the final bytes of a string or key token exactly as the builder would store them
/// (escapes decoded with proper surrogate pairing, UTF-8 checked). Sets *owned when the
/// result must be freed. Returns 0 on error.
int fm_builder_string_bytes(fm_builder *b, const unsigned char *text, size_t length,
                            const unsigned char **result, size_t *result_length,
                            unsigned char **owned);

/// Writes `code` (a Unicode scalar value) as UTF-8 to `out` (room for 4 bytes); returns the
/// number of bytes written.
size_t fm_put_utf8(unsigned char *out, unsigned code);

/// The length of the prefix free of form feed and vertical tab: yajl takes both for white
/// space, JSON allows neither (not even inside strings, where no control character is valid).
size_t fm_first_non_json_space(const unsigned char *bytes, size_t length);

/// yajl_complete_parse, telling its failures apart by where they happen instead of by yajl's
/// message: `*ended_inside` is 1 when the input ended inside the document (yajl's "premature
/// EOF"), 0 when the last token was malformed or a callback stopped the parse.
yajl_status fm_yajl_finish(yajl_handle handle, int *ended_inside);

/// Sparse builds (builder.c calls these only when b->sparse is set). fm_sparse_skips_scalar: 1
/// when the scalar being reported is not built. fm_sparse_start: 1 when the container being
/// opened is skipped (*result is the callback's result), else 0 after choosing its *schema.
/// fm_sparse_started: marks the container just pushed. fm_sparse_key: decides whether the value
/// of the key `bytes` is built (1, before the key is kept in b->key) or skipped (0).
/// fm_sparse_current: the schema fm_parse_sparse set for the calling thread's whole-document
/// parses.
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
int fm_sparse_start(fm_builder *b, int *result, uint32_t *schema);
void fm_sparse_started(fm_builder *b, uint32_t schema);
int fm_sparse_key(fm_builder *b, const unsigned char *bytes, size_t count);
const fm_sparse_schema *fm_sparse_current(void);
/// Forgets a failed build's sparse state (values being skipped, a container kept whole), so the
/// builder's next tree (a streamed element) starts filtering from its root again.
void fm_sparse_reset(fm_builder *b);

/// yajl callbacks whose context is an fm_builder.
extern const yajl_callbacks fm_builder_callbacks;

#endif
