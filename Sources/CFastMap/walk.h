#ifndef FASTMAP_WALK_H
#define FASTMAP_WALK_H

// The walk over simdjson's index of token starts (walk.c): the JSON grammar checked token by
// token, a whole document's cells written as it goes, or each token reported to a listener.
// Below the builder and the streams, above the writer, the string and number readers and
// CFastMapSimdjson's stage 1. Private to CFastMap.

#include "internal.h"

/// What `key` returns to have the walk skip the member's value: its tokens are checked as every
/// listener would check them (a string's escapes and UTF-8, a number's grammar), not reported.
enum { FM_WALK_SKIP_VALUE = 2 };

/// The deepest nesting walked (the walk keeps a byte for each open container); deeper text is
/// refused, and yajl reads it.
enum { FM_WALK_MAX_DEPTH = 1000 };

/// A listener: a stream's window (stream_simdjson.c).
/// Each function returns 1 to go on, 0 to stop the walk (`key` may also return FM_WALK_SKIP_VALUE).
typedef struct fm_walk_events {
    int (*null_value)(void *context);
    int (*boolean)(void *context, int value);
    /// A number token's text, unchecked: the walk only knows it starts with `-` or a digit. The
    /// listener may read any byte from `document`, the first of the walked text, to the token's end.
    int (*number)(void *context, const char *document, const char *text, size_t length);
    /// A string's raw text between its quotes, escapes as written (UTF-8 already checked).
    int (*string)(void *context, const unsigned char *raw, size_t length);
    /// An object member's key, raw as for `string`; its value's events follow.
    int (*key)(void *context, const unsigned char *raw, size_t length);
    int (*start_object)(void *context);
    int (*start_array)(void *context);
    /// The end of the innermost open object or array.
    int (*end_container)(void *context);
} fm_walk_events;

/// The cells of the JSON document in text[0..<length], whose top-level value must be an array or an
/// object, written into `doc`: its root, or NULL when simdjson, the grammar, the nesting limit
/// (`max_depth` containers open at most) or memory refuse it (nothing is reported, and none of its
/// cells stay in `doc`). `text` must be the document's own copy (fm_doc_adopt_text, padded) and
/// `doc` without a memory limit: anything else is refused. With `trailing_commas`, a closing
/// bracket may follow the comma after an array's last element or an object's last member (`[1,]`,
/// `{"a":[2,],}`); a comma with no value before it (`[,]`, `[1,,]`, `{"a":,}`) or after the
/// top-level value is still refused. With a `schema`, only what it names is written
/// (fastmap_sparse.h; its filtered containers marked as fm_cell_mark tells), every byte still
/// checked as in a whole parse.
const fm_cell *fm_walk_document(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
                                int trailing_commas, const fm_sparse_schema *schema);

/// Walks `bytes[0..<length]` as the elements of an array: the text between an array's brackets,
/// `e1, e2, ..., en` (at least one element, no trailing comma), as if it were the document
/// `[e1, e2, ..., en]`. Before each element's events, `element` gets the offset of its first
/// byte in `bytes` (returning 0 stops the walk). Windows up to 4 MiB only (larger ones are
/// refused); pointers given to the listener are valid during the call only. On 0 the events
/// stop somewhere inside or after the last element announced: every element before it was
/// walked in full and accepted. `max_depth` is the listener's nesting limit within one element
/// (the element itself at level 0), applied to skipped values (FM_WALK_SKIP_VALUE) too: a
/// skipped value that would open a container with `max_depth` already open is refused, as the
/// listener would have refused that container had it been reported.
int fm_walk_elements(const unsigned char *bytes, size_t length, const fm_walk_events *events, size_t max_depth,
                     int (*element)(void *context, size_t offset), void *context);

/// How many member values the walks skipped (FM_WALK_SKIP_VALUE, or not named by a schema) on
/// this thread, for tests.
size_t fm_walk_skipped_values(void);

#endif
