#ifndef FASTMAP_INTERNAL_H
#define FASTMAP_INTERNAL_H

// CFastMap's own helpers, shared between its C files and kept out of include/ (the header Swift
// sees): the engines behind fm_parse and the text helpers the builder uses.

#include "fastmap.h"
#include "words.h"

#include <string.h>

/// The two engines behind fm_parse, on a document's adopted text (`text`, followed by its
/// padding): fm_parse_yajl, and fm_parse_simdjson, which hands whatever it rejects to
/// fm_parse_yajl. Return 0 with *root set, or -1 with *error filled in.
int fm_parse_yajl(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
                  const struct fm_sparse_schema *schema, const fm_cell **root, fm_parse_error *error);
int fm_parse_simdjson(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth,
                      const struct fm_sparse_schema *schema, const fm_cell **root, fm_parse_error *error);

/// Checks that bytes[0..<length] is well-formed UTF-8 (no overlong forms, no surrogates,
/// nothing above U+10FFFF). Returns length when valid, else the index of the first bad byte.
size_t fm_utf8_validate(const unsigned char *bytes, size_t length);

/// Reads a JSON number's text (grammar already checked) as the double strtod gives, bit for
/// bit, mostly without calling strtod. Returns 0 only when out of memory.
int fm_parse_double(const char *text, size_t length, double *out);

/// A JSON number read by fm_read_json_number.
typedef struct fm_json_number {
    int negative;
    int is_integer;      // digits only: `magnitude` holds them (wrapped past 19 digits)
    uint64_t magnitude;
    double real;         // the value of a number with a fraction or an exponent
    // A real whose double tells its exact value, so that no reader needs its text: at most 15
    // significant digits; a zero written in at most 15 characters without an exponent or a
    // non-zero digit; a magnitude within 1e-90 ... 1e90 (beyond, trailing zeros decide what
    // Decimal accepts). Swift's NumberTextIndex.isExceptional is the same test, negated.
    int exact_text;
} fm_json_number;

/// Checks text against RFC 8259's number grammar and reads it in the same pass: 1 when valid,
/// 0 when not, -1 when out of memory (fm_parse_double's rare strtod path). `real` is exactly
/// fm_parse_double's result.
int fm_read_json_number(const char *text, size_t length, fm_json_number *number);
/// 1 when `text` is a number by RFC 8259's grammar (the check fm_read_json_number makes first),
/// else 0; nothing is converted.
int fm_json_number_grammar(const char *text, size_t length);

/// Non-variadic wrapper around yajl_config.
int fm_yajl_config(yajl_handle handle, yajl_option option, int enabled);

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
