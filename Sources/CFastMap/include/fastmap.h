#ifndef FASTMAP_CFASTMAP_H
#define FASTMAP_CFASTMAP_H

// The C half of FastMap's bridge: turns JSON bytes into jansson trees with the rules FastMap
// promises (Foundation's parity rules), and wraps the few yajl calls Swift cannot make.
// Every exported symbol carries the fm_ prefix.

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>
#include <yajl/yajl_parse.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What went wrong while parsing; mirrored by FastMapError.Kind on the Swift side.
typedef enum fm_error_kind {
    FM_OK = 0,
    FM_ERROR_SYNTAX = 1,
    FM_ERROR_DEPTH = 2,
    FM_ERROR_NUMBER_RANGE = 3,
    FM_ERROR_INVALID_UNICODE = 4,
    FM_ERROR_OUT_OF_MEMORY = 5,
    FM_ERROR_MEMORY_LIMIT = 6,  // the tree needed more than the caller's memory budget
} fm_error_kind;

typedef struct fm_parse_error {
    int kind;
    size_t offset;  // byte offset (from the start of the input) where the error was detected
    size_t line;    // 1-based
    size_t column;  // 1-based, counted in bytes
    char message[256];
} fm_parse_error;

/// A parsed tree. Integers above INT64_MAX (jansson has no unsigned integers) are nodes made
/// by fm_json_unsigned, told apart by fm_json_is_unsigned.
typedef struct fm_document {
    json_t *root;
    int in_arena;  // set by fm_parse_in_arena: the tree lives in the arena (else: refcounted)
} fm_document;

/// Parses with yajl's tokenizer, building jansson nodes directly.
/// Returns 0 on success (out->root owns one reference), -1 on error (error filled in).
int fm_parse_yajl(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                  fm_parse_error *error);

/// fm_parse_yajl without its first pass (dropping the white space of pretty-printed text
/// into a compact copy); the trees and errors of the two are the same.
int fm_parse_yajl_direct(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                         fm_parse_error *error);

/// Whether `bytes` holds enough white space (a third, by sampling) to be worth compacting.
int fm_worth_compacting(const unsigned char *bytes, size_t length);

/// Copies `in` to `out` (at least `length` + 8 bytes) without the JSON white space outside strings
/// that separates no two tokens; returns the length written.
size_t fm_compact_json(const unsigned char *in, size_t length, unsigned char *out);

/// Parses with jansson's json_loadb. Inputs that jansson alone cannot map exactly
/// (duplicate keys, integers above INT64_MAX, `-0`, nesting deeper than max_depth) and every
/// error are handed to fm_parse_yajl, so both engines give the same trees and the same errors.
int fm_parse_jansson(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                     fm_parse_error *error);

/// A jansson integer holding the bit pattern of `value`; above INT64_MAX it is marked as
/// unsigned in the node itself (see fm_json_is_unsigned). NULL when out of memory.
json_t *fm_json_unsigned(uint64_t value);

/// Whether `node` is an integer made by fm_json_unsigned for a value above INT64_MAX (its
/// json_integer_value is then the value's bit pattern, negative as a json_int_t).
int fm_json_is_unsigned(const json_t *node);

/// Checks that bytes[0..<length] is well-formed UTF-8 (no overlong forms, no surrogates,
/// nothing above U+10FFFF). Returns length when valid, else the index of the first bad byte.
size_t fm_utf8_validate(const unsigned char *bytes, size_t length);

/// Reads a JSON number's text (grammar already checked) as the double strtod gives, bit for
/// bit, mostly without calling strtod. Returns 0 only when out of memory.
int fm_parse_double(const char *text, size_t length, double *out);

/// A bump allocator that owns every node of the trees parsed into it.
typedef struct fm_arena fm_arena;

/// Creates an arena sized for about `expected_bytes` of JSON text.
fm_arena *fm_arena_create(size_t expected_bytes);

/// Frees every tree parsed into the arena at once. No node of those trees may be used after.
void fm_arena_destroy(fm_arena *arena);

/// Bytes the arena holds.
size_t fm_arena_size(const fm_arena *arena);

/// fm_parse_jansson (use_jansson == 1), fm_parse_yajl_direct (2, for tests) or fm_parse_yajl (0), allocating every node in `arena`
/// (or with malloc when `arena` is NULL, or when another library took over jansson's
/// allocation hooks: out->in_arena tells which). Nodes of an arena tree must never be released with
/// json_decref: the tree lives exactly as long as the arena.
int fm_parse_in_arena(const char *bytes, size_t length, int use_jansson, size_t max_depth,
                      fm_arena *arena, fm_document *out, fm_parse_error *error);

/// fm_parse_in_arena with a memory budget: the tree may take at most `memory_limit` bytes of
/// jansson allocations (every node, string and table allocation counts, arena or not; SIZE_MAX
/// means no limit). Past it the parse fails with FM_ERROR_MEMORY_LIMIT and frees what it built.
/// With a budget the jansson engine defers to the yajl one, whose allocations are all tree.
int fm_parse_in_arena_limited(const char *bytes, size_t length, int use_jansson, size_t max_depth,
                              size_t memory_limit, fm_arena *arena, fm_document *out,
                              fm_parse_error *error);

/// A count of jansson allocations against a limit, for the calling thread (see
/// fm_budget_set_current). An allocation that would pass the limit fails (returns NULL) and
/// sets `exceeded`.
typedef struct fm_budget {
    size_t limit;
    size_t used;
    int exceeded;
} fm_budget;

/// The calling thread's current budget, or NULL (no limit).
fm_budget *fm_budget_current(void);
void fm_budget_set_current(fm_budget *budget);

/// Whether jansson's allocation hooks are still FastMap's (they are installed when the library
/// loads, chained to the ones found then). When another library has replaced them, arenas are
/// not used: fm_parse_in_arena builds reference-counted trees (out->in_arena == 0) and streams
/// build every element that way.
int fm_arena_hooks_active(void);

/// For tests: with chain != 0, installs FastMap's hooks again as if for the first time,
/// chaining to whatever hooks are current (as when a second jansson user installed its own
/// before FastMap did); with chain == 0, goes back to the hooks of the real first install.
void fm_test_chain_arena_hooks(int chain);

/// For tests: a second jansson user. fm_test_counting_install saves jansson's current hooks and
/// installs its own, which allocate with malloc and count, on the calling thread, the blocks
/// they allocate and free; fm_test_counting_restore puts the saved hooks back.
void fm_test_counting_install(void);
void fm_test_counting_restore(void);
/// Blocks the counting hooks allocated / freed on the calling thread since the last reset.
size_t fm_test_counting_allocations(void);
size_t fm_test_counting_frees(void);
void fm_test_counting_reset(void);
/// Builds `count` small jansson trees (objects, arrays, strings, numbers) held by the helper,
/// and releases them all; what the second user's own code would do.
int fm_test_counting_build(size_t count);
void fm_test_counting_release(void);

/// The calling thread's current arena, or NULL. While one is set, every jansson allocation on
/// the thread comes from it and every jansson free is a no-op (fm_parse_in_arena sets it for
/// one parse; the streaming parser sets it around each element it builds).
fm_arena *fm_arena_current(void);
void fm_arena_set_current(fm_arena *arena);

/// json_incref / json_decref, race-free when many threads share a node (jansson's own read
/// the count non-atomically before updating it atomically).
json_t *fm_json_retain(json_t *json);
void fm_json_release(json_t *json);

/// Releases one reference to `root` like json_decref, without recursion: safe for trees of
/// any depth.
void fm_json_release_deep(json_t *root);

/// Non-variadic wrapper around yajl_config.
int fm_yajl_config(yajl_handle handle, yajl_option option, int enabled);

#ifdef __cplusplus
}
#endif

// Streaming (element-by-element) parsing.
#include "fastmap_stream.h"
// Trailing commas and strict mode; numbers kept as text.
#include "fastmap_dialect.h"
#include "fastmap_number_text.h"
// yajl alone, for the benchmark's ceiling row.
#include "fastmap_tokenizer.h"

#endif
