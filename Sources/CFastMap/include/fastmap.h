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
    // Set by the yajl and simdjson engines when every real number of the tree has its exact
    // value in its double (no text Swift's NumberTextIndex would keep): then nobody needs the
    // input walked for number texts. 0 when one does not, or when the parse cannot say (the
    // jansson engine).
    int reals_are_exact;
    // Set by the same engines when every real of the tree that is zero was written as a plain
    // zero (`0.0`, `-0e0`: no non-zero digit, at most 15 characters), so that none can be an
    // underflow (`1e-400`) and reading a zero needs no text. 0 when one was not, or when the
    // parse cannot say.
    int zeros_are_plain;
} fm_document;

/// A jansson integer holding the bit pattern of `value`; above INT64_MAX it is marked as
/// unsigned in the node itself (see fm_json_is_unsigned). NULL when out of memory.
json_t *fm_json_unsigned(uint64_t value);

/// Whether `node` is an integer made by fm_json_unsigned for a value above INT64_MAX (its
/// json_integer_value is then the value's bit pattern, negative as a json_int_t).
int fm_json_is_unsigned(const json_t *node);

/// A bump allocator that owns every node of the trees parsed into it.
typedef struct fm_arena fm_arena;

/// Creates an arena sized for about `expected_bytes` of JSON text.
fm_arena *fm_arena_create(size_t expected_bytes);

/// Frees every tree parsed into the arena at once. No node of those trees may be used after.
void fm_arena_destroy(fm_arena *arena);

/// Bytes the arena holds.
size_t fm_arena_size(const fm_arena *arena);

/// The parse engines. All of them build the same trees with the same rules and report the
/// same errors (FastMapError's kinds, lines, columns and offsets); they differ in speed.
typedef enum fm_engine {
    /// yajl's tokenizer driving FastMap's builder, after compacting pretty-printed text.
    FM_ENGINE_YAJL = 0,
    /// jansson's json_loadb; what it cannot read exactly as FastMap does goes to FM_ENGINE_YAJL.
    FM_ENGINE_JANSSON = 1,
    /// FM_ENGINE_YAJL without its compaction pass (tests compare the two).
    FM_ENGINE_YAJL_DIRECT = 2,
    /// simdjson's SIMD tokenizer driving the same builder; every input it rejects (syntax
    /// errors, dialect extensions, limits, scalars at the top level) is parsed again by
    /// FM_ENGINE_YAJL, which accepts it or reports FastMap's exact error.
    FM_ENGINE_SIMDJSON = 3,
} fm_engine;

/// Parses `bytes` with `engine`, allocating every node in `arena` (or with malloc when `arena`
/// is NULL, or when another library took over jansson's allocation hooks: out->in_arena tells
/// which). Nodes of an arena tree must never be released with json_decref: the tree lives
/// exactly as long as the arena.
int fm_parse_in_arena(const char *bytes, size_t length, fm_engine engine, size_t max_depth,
                      fm_arena *arena, fm_document *out, fm_parse_error *error);

/// fm_parse_in_arena with a memory budget: the tree may take at most `memory_limit` bytes of
/// jansson allocations (every node, string and table allocation counts, arena or not; SIZE_MAX
/// means no limit). Past it the parse fails with FM_ERROR_MEMORY_LIMIT and frees what it built.
/// With a budget the jansson and simdjson engines defer to the yajl one, whose allocations are
/// all tree (json_loadb's lexer and simdjson's index are not).
int fm_parse_in_arena_limited(const char *bytes, size_t length, fm_engine engine, size_t max_depth,
                              size_t memory_limit, fm_arena *arena, fm_document *out,
                              fm_parse_error *error);

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

/// For tests: whether this jansson's scalar nodes are laid out as FastMap builds them in arenas
/// (checked once against jansson's constructors; when 0, every node comes from jansson), and
/// whether a string node's text sits right after the node (one arena block) rather than in a
/// block of its own (jansson's constructor).
int fm_test_arena_nodes_direct(void);
int fm_test_string_text_follows_node(const json_t *node);
/// Whether fm_object_member_in_order steps through an object's members directly (jansson's
/// private layout, checked once), rather than through jansson's iterator functions; sparse
/// parses then leave the members of the objects they filter unhashed.
int fm_test_object_pairs_direct(void);
/// Whether parses add an object's members the way jansson's hashtable_set does without calling
/// it (its private layout, hash and seed, checked once against jansson at load: the very same
/// buckets), rather than through json_object_setn_new_nocheck.
int fm_test_object_inserts_direct(void);
/// For tests: the member `key` as jansson's own hash lookup finds it (not a member a sparse
/// parse left unhashed, see fm_object_member).
json_t *fm_test_hashed_member(json_t *object, const char *key, size_t length);

/// The largest text the simdjson engine parses itself (16 MiB); larger documents go to yajl,
/// which needs no padded copy and no index beside the tree.
enum { FM_SIMDJSON_LARGEST_DOCUMENT = 16 << 20 };

/// For tests: how many documents the simdjson engine has built on the calling thread by its
/// own walk (every other input it was given went to the yajl engine).
size_t fm_test_simdjson_documents(void);

/// For tests: the bytes the calling thread keeps for the simdjson engine between parses (its
/// padded copy and simdjson's capacity): bounded, whatever size of document it parsed.
size_t fm_test_simdjson_kept_bytes(void);
/// Documents the simdjson walk read in place (without a padded copy) on this thread, and
/// whether this build ever reads in place (sanitizer builds always copy).
size_t fm_test_simdjson_in_place_documents(void);
int fm_test_simdjson_reads_in_place(void);
/// For tests: how many member values the simdjson walk has skipped on the calling thread (a
/// sparse build turned them down; their tokens were checked, not reported).
size_t fm_test_simdjson_skipped_values(void);
/// For tests: the simdjson implementation in use, as fm_simdjson_implementation gives it.
size_t fm_test_simdjson_implementation(char *name, size_t capacity);
/// For tests: whether FastMap's own SSE2 paths are compiled in (0 in a FASTMAP_PORTABLE build
/// and on CPUs without SSE2, whose builds run the plain C paths).
int fm_test_own_simd_paths(void);

/// The member `key` (`length` bytes) of `object`, looked for first among the few members after
/// *cursor (NULL: from the first member), where the last lookup of the same object ended; moves
/// *cursor to a member found that way. Falls back to jansson's hash lookup.
json_t *fm_object_member_in_order(json_t *object, void **cursor, const char *key, size_t length);

/// Where the last in-order lookup of `object` ended (`position`, as fm_object_member_in_order's
/// cursor); a cursor left by another object starts again from the first member.
typedef struct fm_member_cursor {
    json_t *object;
    void *position;
} fm_member_cursor;

/// fm_object_member_in_order through `cursor`, which it first points at `object` if it was
/// another object's.
json_t *fm_object_member_at_cursor(json_t *object, fm_member_cursor *cursor, const char *key, size_t length);

/// The member `key` (`length` bytes) of `object` (NULL for a non-object): jansson's hash
/// lookup, or a walk through the members of an object a sparse parse filtered (fm_sparse_mark
/// not 0), whose members it did not hash.
json_t *fm_object_member(json_t *object, const char *key, size_t length);

/// json_incref / json_decref, race-free when many threads share a node (jansson's own read
/// the count non-atomically before updating it atomically).
json_t *fm_json_retain(json_t *json);
void fm_json_release(json_t *json);

/// Releases one reference to `root` like json_decref, without recursion: safe for trees of
/// any depth.
void fm_json_release_deep(json_t *root);

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
// Building only the members a schema names.
#include "fastmap_sparse.h"

#endif
