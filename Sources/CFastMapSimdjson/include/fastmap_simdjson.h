#ifndef FASTMAP_SIMDJSON_H
#define FASTMAP_SIMDJSON_H

// simdjson's tokenizer behind a C interface: it reads one document and reports its tokens in
// document order to the listener it is handed, as yajl reports them to its callbacks. It knows
// nothing of trees, and calls nothing above it: CFastMap's builder is the listener
// (fm_builder_simdjson_events, handed over by the engine in builder_simdjson.c, and the
// streaming windows' own), so the simdjson engine builds with the same rules as the yajl one. Validation here is simdjson's stage 1 (UTF-8, unescaped control characters,
// closed strings) and the walk's own check of the grammar on stage 1's index of token starts;
// number grammar and escapes are left to the listener, which gets raw text.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `key` returns to have the walk skip the member's value: its tokens are checked as they
/// would be walked (through `check_string` and `check_number`) but not reported.
enum { FM_SIMDJSON_SKIP_VALUE = 2 };

/// The listener. Each function returns 1 to go on, 0 to stop the walk (`key` may also return
/// FM_SIMDJSON_SKIP_VALUE).
typedef struct fm_simdjson_events {
    int (*null_value)(void *context);
    int (*boolean)(void *context, int value);
    /// A number token's text, unchecked: simdjson only knows it starts with `-` or a digit. The
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
    /// A string or key inside a skipped value, raw as for `string`: whether the listener would
    /// accept it (its escapes), without building anything.
    int (*check_string)(void *context, const unsigned char *raw, size_t length);
    /// A number inside a skipped value, as for `number`: whether its grammar is JSON's.
    int (*check_number)(void *context, const char *document, const char *text, size_t length);
    /// Before the first token of a document (fm_simdjson_walk): at most how many values and keys
    /// the walk will report, counted from stage 1's index, so that the listener may make room for
    /// them at once. NULL: not told.
    void (*values)(void *context, size_t most);
} fm_simdjson_events;

/// How a walk ended.
typedef enum fm_simdjson_status {
    FM_SIMDJSON_OK = 0,
    /// simdjson rejected the text: malformed, deeper than FM_SIMDJSON_MAX_DEPTH, larger than
    /// it indexes, or not an array or object at the top level.
    FM_SIMDJSON_REJECTED = 1,
    /// A listener function returned 0.
    FM_SIMDJSON_STOPPED = 2,
} fm_simdjson_status;

/// The deepest nesting walked (the walk recurses); deeper text is FM_SIMDJSON_REJECTED.
enum { FM_SIMDJSON_MAX_DEPTH = 1000 };

/// Walks the JSON document in bytes[0..<length], whose top-level value must be an array or an
/// object, reporting every token to `events` but those of values skipped (FM_SIMDJSON_SKIP_VALUE).
/// `max_depth` is the listener's nesting limit: a skipped value that would open a container
/// with `max_depth` already open is FM_SIMDJSON_REJECTED, as the listener would have refused
/// that container had it been reported. With `trailing_commas` non-zero, the comma after an
/// array's last element or an object's last member may be followed by the closing bracket
/// (`[1,]`, `{"a":[2,],}`, white space around the comma or not; skipped values too); a comma
/// with no value before it (`[,]`, `[1,,]`, `{"a":,}`, `{,}`) or after the top-level value is
/// still FM_SIMDJSON_REJECTED. simdjson reads up to 64 bytes past the end of its input: at least
/// that many readable bytes must follow the text (a document's adopted text has them:
/// FM_DOC_TEXT_PADDING). The text is read in place, and the pointers given to the listener
/// point into `bytes`.
fm_simdjson_status fm_simdjson_walk(const unsigned char *bytes, size_t length,
                                    const fm_simdjson_events *events, size_t max_depth, int trailing_commas,
                                    void *context);

/// Walks `bytes[0..<length]` as the elements of an array: the text between an array's brackets,
/// `e1, e2, ..., en` (at least one element, no trailing comma), as if it were the document
/// `[e1, e2, ..., en]`. Before each element's events, `element` gets the offset of its first
/// byte in `bytes` (returning 0 stops the walk). Windows up to 4 MiB only (larger ones are
/// FM_SIMDJSON_REJECTED); pointers given to the listener are valid during the call only. On
/// FM_SIMDJSON_REJECTED or STOPPED the events stop somewhere inside or after the last element
/// announced: every element before it was walked in full and accepted. `max_depth` is the
/// listener's nesting limit within one element (the element itself at level 0), applied to
/// skipped values as in fm_simdjson_walk.
fm_simdjson_status fm_simdjson_walk_elements(const unsigned char *bytes, size_t length,
                                             const fm_simdjson_events *events, size_t max_depth,
                                             int (*element)(void *context, size_t offset), void *context);

/// The bytes the calling thread keeps between walks: its padded copy and simdjson's capacity
/// (its index is sized by it), both bounded by the largest document kept (4 MiB).
size_t fm_simdjson_kept_bytes(void);

/// How many member values the walks skipped (FM_SIMDJSON_SKIP_VALUE) on this thread, for tests.
size_t fm_simdjson_skipped_values(void);

/// The name of the implementation simdjson chose for this CPU ("haswell", "westmere",
/// "fallback", ...; SIMDJSON_FORCE_IMPLEMENTATION forces one), copied into name (`capacity`
/// bytes, ending in a zero byte); returns the name's full length. For tests.
size_t fm_simdjson_implementation(char *name, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
