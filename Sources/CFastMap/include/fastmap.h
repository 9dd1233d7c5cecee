#ifndef FASTMAP_CFASTMAP_H
#define FASTMAP_CFASTMAP_H

// The C half of FastMap's bridge: turns JSON bytes into FastMap's documents
// (fastmap_document.h) with the rules FastMap promises (Foundation's parity rules), and wraps
// the few yajl calls Swift cannot make. Every exported symbol carries the fm_ prefix.

#include <stddef.h>
#include <stdint.h>
#include <yajl/yajl_parse.h>

#include "fastmap_document.h"

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
    // yajl reports a token out of place (a "parse error") past that token; the token's first
    // byte, when it lies before `offset`, is kept here (token_line 0: none). Only yajl's text
    // tells a parse error from a lexical one, whose place is `offset`, and texts are read in
    // Swift (FastMapError's parse messages), which chooses.
    size_t token_offset;
    size_t token_line;
    size_t token_column;
} fm_parse_error;

/// The parse engines. Both write the same documents with the same rules and report the same
/// errors (FastMapError's kinds, lines, columns and offsets); they differ in speed.
typedef enum fm_engine {
    /// yajl's tokenizer driving FastMap's builder: the engine that words every error. Given first
    /// a text mostly of white space (and no memory limit), it reads it compacted in the
    /// document's copy (compact.c), and the text as given only when it rejects that.
    FM_ENGINE_YAJL = 0,
    /// simdjson's SIMD first pass and FastMap's walk over its index of tokens (walk.c), which
    /// writes the document by the same rules (a schema-filtered one too), trailing commas
    /// included; every input it rejects (syntax errors, limits) is read again, as given, by
    /// FM_ENGINE_YAJL, which accepts it or reports FastMap's exact error. Scalars at the top
    /// level, texts longer than simdjson indexes (fm_simdjson_largest_text, 4 GiB less a byte)
    /// and documents with a memory limit go to yajl alone.
    FM_ENGINE_SIMDJSON = 3,
    /// FM_ENGINE_YAJL on the text as given, never compacted: for a text another reader (the
    /// streaming parser of a large array) has rejected, whose error this one read words.
    FM_ENGINE_YAJL_AS_GIVEN = 4,
} fm_engine;

struct fm_sparse_schema;

/// Parses bytes[0..<length] into `doc`, which first copies the text (fm_doc_adopt_text) unless
/// it has a memory limit (its strings and numbers are then copied one by one, and counted): *root
/// is the root cell of the value, valid as long as `doc`. With `schema`, only what it keeps is
/// written (fastmap_sparse.h). Returns 0, or -1 with *error filled in (nothing of the parse is
/// left in the document's values then). The document's memory limit bounds the whole parse
/// (the values, the builder's nesting stack, yajl's buffers): past it the error is
/// FM_ERROR_MEMORY_LIMIT.
int fm_parse(const char *bytes, size_t length, fm_engine engine, size_t max_depth, int flags,
             const struct fm_sparse_schema *schema, fm_doc *doc, const fm_cell **root, fm_parse_error *error);

/// For tests: how many documents the simdjson engine has built on the calling thread by its
/// own walk (every other input it was given went to the yajl engine).
size_t fm_test_simdjson_documents(void);

/// For tests: how many times an engine has read a text on the calling thread (the simdjson
/// walk and yajl each count one): fm_parse reads a document at most twice.
size_t fm_test_parses(void);

/// For tests: how many texts fm_parse has compacted for yajl on the calling thread (compact.c:
/// yajl read first, and the text was mostly white space).
size_t fm_test_compacted_texts(void);

/// For tests: copies text[0..<length] to `out` (room for `length` bytes; it may be `text`)
/// compacted as fm_parse compacts a text for yajl; returns the compacted length.
size_t fm_test_compact_text(const unsigned char *text, size_t length, unsigned char *out);

/// For tests: the bytes the calling thread keeps for the simdjson engine between parses (its
/// padded copy and simdjson's capacity): bounded, whatever size of document it parsed.
size_t fm_test_simdjson_kept_bytes(void);
/// For tests: how many member values the simdjson walk has skipped on the calling thread (a
/// sparse build turned them down; their tokens were checked, not reported).
size_t fm_test_simdjson_skipped_values(void);
/// For tests: the simdjson implementation in use, as fm_simdjson_implementation gives it.
size_t fm_test_simdjson_implementation(char *name, size_t capacity);
/// For tests: whether FastMap's own SSE2 paths are compiled in (0 in a FASTMAP_PORTABLE build
/// and on CPUs without SSE2, whose builds run the plain C paths).
int fm_test_own_simd_paths(void);

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
// Values handed to and taken from C code that uses jansson.
#include "fastmap_jansson.h"

#endif
