#ifndef FASTMAP_BUILDER_STRINGS_H
#define FASTMAP_BUILDER_STRINGS_H

// String and key tokens (builder_strings.c): yajl's, which come decoded (some checked again
// here), and simdjson's, which come raw (decoded here, checked by simdjson's first pass).

#include "builder_state.h"
#include "document_memory.h"

/// Produces the final bytes of a string or key token exactly as the builder would store them
/// (escapes decoded with proper surrogate pairing, UTF-8 checked). Sets *owned when the
/// result must be freed. Returns 0 on error.
int fm_builder_string_bytes(fm_builder *b, const unsigned char *text, size_t length,
                            const unsigned char **result, size_t *result_length,
                            unsigned char **owned);

/// Writes `code` (a Unicode scalar value) as UTF-8 to `out` (room for 4 bytes); returns the
/// number of bytes written.
size_t fm_put_utf8(unsigned char *out, unsigned code);

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

/// Decodes string text holding escapes (`backslash` is its first) over itself: the decoded
/// bytes start where the text does (no escape decodes longer than it is written). NULL when
/// yajl must judge it, the text then partly rewritten.
const unsigned char *fm_simdjson_decode_over(unsigned char *raw, size_t length, const unsigned char *backslash,
                                             size_t *count);

/// The final bytes of a string token that simdjson's first pass has checked (UTF-8, no raw
/// control characters): `raw` (between its quotes, in simdjson's padded input) itself when it
/// holds no escape. Text with escapes is decoded over itself when it lies in the copy of the
/// text that `doc` owns (every whole-document parse), and its cell points there like
/// any other string's: a copy in the document's byte blocks kept gsoc-2018.json's escaped prose
/// (60% of its text) twice. Else (a streamed window) it is decoded into `scratch`. NULL when
/// yajl must judge it (a malformed escape, a lone surrogate) or when out of memory. Inline: it
/// runs for every key and string.
static inline const unsigned char *fm_simdjson_string_bytes(fm_string_scratch *scratch, const fm_doc *doc,
                                                            const unsigned char *raw, size_t length,
                                                            size_t *count) {
    const unsigned char *backslash = fm_simdjson_find_backslash(raw, length);
    if (!backslash) {
        *count = length;
        return raw;
    }
    if (fm_doc_holds_text(doc, raw, length))
        return fm_simdjson_decode_over((unsigned char *)raw, length, backslash, count);
    return fm_simdjson_decode_escaped(scratch, raw, length, backslash, count);
}

/// Whether every escape of string text (`backslash` is its first, not NULL) is one
/// fm_simdjson_decode_escaped decodes: 0 for what yajl must judge.
int fm_simdjson_escapes_valid(const unsigned char *raw, size_t length, const unsigned char *backslash);

/// Whether a string token that simdjson's first pass has checked is one fm_simdjson_string_bytes
/// decodes, without decoding it: the strings a build skips. Inline: few strings hold a
/// backslash, and for the rest this is the eight-byte scan alone.
static inline int fm_simdjson_string_valid(const unsigned char *raw, size_t length) {
    const unsigned char *backslash = fm_simdjson_find_backslash(raw, length);
    return !backslash || fm_simdjson_escapes_valid(raw, length, backslash);
}

#endif
