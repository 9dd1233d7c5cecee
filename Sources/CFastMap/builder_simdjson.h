#ifndef FASTMAP_BUILDER_SIMDJSON_H
#define FASTMAP_BUILDER_SIMDJSON_H

// The simdjson engine's string reading (builder_simdjson.c), shared with the streaming windows.

#include "internal.h"

/// A growable buffer for strings decoded from their escapes.
typedef struct fm_string_scratch {
    unsigned char *bytes;
    size_t capacity;
} fm_string_scratch;

/// The first backslash of a string's raw text, or NULL. `raw` lies in simdjson's padded input
/// (a padded copy, or the input itself when the bytes after it are readable: the closing quote
/// and at least 32 readable bytes follow the text), so up to 7 bytes past the text may be read;
/// what they hold does not change the answer. Short text (most keys and many values) is read
/// eight bytes at a time here: for it a call to memchr cost more than its scan.
static inline const unsigned char *fm_simdjson_find_backslash(const unsigned char *raw, size_t length) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (length <= 32) {
        for (size_t i = 0; i < length; i += 8) {
            uint64_t flagged = fm_word_has_byte(fm_load_word(raw + i), '\\');
            if (flagged) {
                // The first flag is exact; one past the text is not the text's.
                size_t at = i + fm_first_flagged(flagged);
                return at < length ? raw + at : NULL;
            }
        }
        return NULL;
    }
#endif
    return memchr(raw, '\\', length);
}

/// Decodes string text holding escapes (`backslash` is its first) into `scratch`; NULL when
/// yajl must judge it (a malformed escape, a lone surrogate) or when out of memory.
const unsigned char *fm_simdjson_decode_escaped(fm_string_scratch *scratch, const unsigned char *raw,
                                                size_t length, const unsigned char *backslash,
                                                size_t *count);

/// The final bytes of a string token that simdjson's first pass has checked (UTF-8, no raw
/// control characters): `raw` (between its quotes, in simdjson's padded input) itself when it
/// holds no escape, else decoded into `scratch`. NULL when yajl must judge it (a malformed
/// escape, a lone surrogate) or when out of memory. Inline: it runs for every key and string.
static inline const unsigned char *fm_simdjson_string_bytes(fm_string_scratch *scratch,
                                                            const unsigned char *raw, size_t length,
                                                            size_t *count) {
    const unsigned char *backslash = fm_simdjson_find_backslash(raw, length);
    if (!backslash) {
        *count = length;
        return raw;
    }
    return fm_simdjson_decode_escaped(scratch, raw, length, backslash, count);
}

#endif
