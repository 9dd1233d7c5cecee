#ifndef FASTMAP_STREAM_H
#define FASTMAP_STREAM_H

// Incremental parsing of huge inputs, one element at a time: the elements of an array (the
// top-level one, or one found at a path of object keys and array indices) or the values of
// newline-delimited JSON. Bytes are fed in chunks of any size; every completed element
// becomes a value of its own (a root cell) in a document (fastmap_document.h), built with the
// same rules as fm_parse.

#include "fastmap.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fm_stream fm_stream;

typedef enum fm_stream_mode {
    FM_STREAM_ARRAY = 0,  // the elements of one array
    FM_STREAM_LINES = 1,  // one JSON value per line; blank lines are skipped
} fm_stream_mode;

/// Stream-only error kinds, after those of fm_error_kind.
typedef enum fm_stream_error_kind {
    FM_ERROR_PATH_NOT_FOUND = 16,  // a key or index of the path is missing
    FM_ERROR_WRONG_KIND = 17,      // a value on the path (or the target) has the wrong kind
    FM_ERROR_TRUNCATED = 18,       // the input ended inside the document
    FM_ERROR_TRAILING_DATA = 19,   // more text after the end of the document
} fm_stream_error_kind;

/// One step of the path to the array: an object key (is_index == 0) or an array index.
typedef struct fm_stream_step {
    const char *key;
    size_t key_length;
    size_t index;
    int is_index;
} fm_stream_step;

/// A completed element: its root cell (NULL when the element could not be built, see
/// fm_stream_item_error) in `doc`. The elements of a stretch of input share one document; the
/// caller takes over each document the first time an item names it (fm_stream_clear hands it
/// over) and frees it with fm_doc_free. The stream may still write later elements into a
/// document it handed over: keep each document until an item names a later one, or until
/// fm_stream_free has returned.
typedef struct fm_stream_item {
    const fm_cell *root;
    fm_doc *doc;
    size_t index;           // 0-based element number (for lines: among the non-blank lines)
    size_t offset;          // absolute byte offset of the element's first byte
    size_t line;            // 1-based line of the element's first byte
    size_t column;          // 1-based column (bytes) of the element's first byte
    size_t failure;         // 0, or 1 + the index of its error (fm_stream_item_error)
} fm_stream_item;

/// What stopped the stream. `error.kind` is FM_OK while the stream is healthy.
typedef struct fm_stream_failure {
    fm_parse_error error;
    size_t step;         // path components resolved before the failing one
    int found;           // for FM_ERROR_WRONG_KIND: the fm_cell_kind found
    size_t found_count;  // for a missing index: the number of elements the array had
    size_t elements;     // elements completed before the failure
} fm_stream_failure;

/// A new stream; the path is copied. max_depth limits nesting in the whole document, as in
/// fm_parse. Returns NULL when out of memory.
fm_stream *fm_stream_create(int mode, const fm_stream_step *path, size_t path_count, size_t max_depth);

/// Frees the stream and every element still queued.
void fm_stream_free(fm_stream *stream);

/// Parses the start of bytes[0..<length], adding completed elements to the queue. Stops early
/// once a batch of elements is queued, so memory stays bounded whatever the chunk size;
/// *consumed tells how many bytes were used (the caller feeds the rest after draining).
/// Returns 0, or -1 once the stream has failed (fm_stream_failure_info says why; the elements
/// completed before the failure are still queued).
int fm_stream_feed(fm_stream *stream, const unsigned char *bytes, size_t length,
                   size_t *consumed);

/// Signals the end of the input. Returns 0, or -1 when the input ended too early.
int fm_stream_finish(fm_stream *stream);

/// The queued elements, in order. Valid until the next feed, finish or clear.
size_t fm_stream_item_count(const fm_stream *stream);
const fm_stream_item *fm_stream_items(const fm_stream *stream);

/// Why a queued element failed (item->failure != 0).
const fm_parse_error *fm_stream_item_error(const fm_stream *stream, const fm_stream_item *item);

/// Empties the queue. The caller has taken over every document the items name.
void fm_stream_clear(fm_stream *stream);

/// The failure that stopped the stream (error.kind == FM_OK when none).
const fm_stream_failure *fm_stream_failure_info(const fm_stream *stream);

/// Number of bytes fed so far.
size_t fm_stream_bytes_read(const fm_stream *stream);

/// Limits the value of each element to `memory_limit` bytes of its document (cells and bytes,
/// see fm_doc_create; SIZE_MAX, the default, means none). An element past it fails
/// alone, with FM_ERROR_MEMORY_LIMIT, and what it built is freed. Set before the first feed.
void fm_stream_set_memory_limit(fm_stream *stream, size_t memory_limit);

/// Whether runs of whole array elements (or whole lines) are read with simdjson's tokenizer
/// (enabled != 0) rather than all of the input with yajl's. The items, their positions and every
/// error are the same either way (whatever simdjson refuses is read again by yajl, which
/// reports it). Set before the first feed.
void fm_stream_use_simdjson(fm_stream *stream, int enabled);

/// How many of the elements queued so far simdjson read (for tests and diagnostics).
size_t fm_stream_window_elements(const fm_stream *stream);

/// Scans `bytes` for the commas between an array's elements, starting with `depth` containers
/// of an element open and, with `in_string`, inside one of its strings (`escaped`: its next byte
/// is escaped by a backslash). Stops at the `max_commas`-th such comma (0: no limit), at the
/// first one past `soft_limit` bytes, at the array's closing bracket or at the end of the bytes.
/// Returns the index just after the last comma found (0: none) and their number in *commas.
/// Only brackets, quotes, backslashes and commas are looked at; the text is not validated (on
/// valid JSON the commas found are exactly those between the elements). The streaming parser
/// uses it to hand runs of whole elements to simdjson; it is public for tests.
size_t fm_scan_commas(const unsigned char *bytes, size_t length, size_t depth, int in_string, int escaped,
                      size_t max_commas, size_t soft_limit, size_t *commas);

struct fm_sparse_schema;

/// Builds the elements that start from now on with only what `schema` keeps (see
/// fastmap_sparse.h; NULL: in full again). Every byte is still validated, so an element fails
/// exactly as in full; its containers carry the marks fm_parse gives them. The struct is
/// copied; the tables it points to must outlive every element built with it. Returns 1, or 0
/// (nothing changed) while an element is being built: call again before a later feed.
/// Array mode only.
int fm_stream_set_sparse(fm_stream *stream, const struct fm_sparse_schema *schema);

#ifdef __cplusplus
}
#endif

#endif
