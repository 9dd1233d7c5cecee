#ifndef FASTMAP_SIMDJSON_H
#define FASTMAP_SIMDJSON_H

// simdjson's stage 1 behind a C interface: the index of where each token of a text starts,
// which CFastMap's walk (walk.c) reads. It knows nothing of documents, and calls nothing above
// it. Validation here is simdjson's stage 1: UTF-8, unescaped control characters, closed
// strings; the grammar, number grammar and escapes are the walk's.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// simdjson's stage-1 index of one text: where each of its tokens starts (every structural
/// character, and the first byte of every string, number and literal), in text order.
typedef struct fm_simdjson_index {
    /// `count` offsets of token starts, then the text's length twice.
    const uint32_t *starts;
    uint32_t count;
    /// An index of its own (a document larger than the thread keeps), freed by
    /// fm_simdjson_index_release; NULL for the thread's.
    void *own;
} fm_simdjson_index;

/// Indexes the text bytes[0..<length], which must be followed by at least 64 readable bytes (a
/// document's adopted text: FM_DOC_TEXT_PADDING). 0 when simdjson refuses the text (malformed
/// UTF-8, an unescaped control character, an unclosed string, no token at all, too large) or
/// cannot make room for it. A document up to 4 MiB is indexed in the thread's kept index, which
/// the thread's next index overwrites; hand every index to fm_simdjson_index_release.
int fm_simdjson_index_text(const unsigned char *bytes, size_t length, fm_simdjson_index *index);
void fm_simdjson_index_release(fm_simdjson_index *index);

/// The longest text fm_simdjson_index_text indexes: simdjson's own limit (4 GiB less a byte in
/// simdjson 3 and 4: the index holds 32-bit offsets).
size_t fm_simdjson_largest_text(void);

/// Indexes `bytes[0..<length]` as the elements of an array, `e1, e2, ..., en`: the text
/// `[e1, e2, ..., en]`, copied with its padding into the thread's kept buffer, goes to
/// `*text` and is indexed as by fm_simdjson_index_text. Up to 4 MiB (larger is 0); `*text` and
/// the index last until the thread's next index.
int fm_simdjson_index_elements(const unsigned char *bytes, size_t length, const unsigned char **text,
                               fm_simdjson_index *index);

/// The bytes the calling thread keeps between indexes: its padded copy and simdjson's capacity
/// (its index is sized by it), both bounded by the largest document kept (4 MiB).
size_t fm_simdjson_kept_bytes(void);

/// The name of the implementation simdjson chose for this CPU ("haswell", "westmere",
/// "fallback", ...; SIMDJSON_FORCE_IMPLEMENTATION forces one), copied into name (`capacity`
/// bytes, ending in a zero byte); returns the name's full length. For tests.
size_t fm_simdjson_implementation(char *name, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
