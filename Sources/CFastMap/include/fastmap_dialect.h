#ifndef FASTMAP_DIALECT_H
#define FASTMAP_DIALECT_H

// What FastMap accepts beyond strict RFC 8259, chosen per parse: Foundation's decoder takes
// trailing commas (`[1,]`, `{"a":1,}`), so FastMap does by default; strict mode is an opt-in.

#include "fastmap.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Flags of fm_parse_dialect.
typedef enum fm_dialect_flag {
    FM_DIALECT_STRICT = 0,               // RFC 8259 only
    FM_DIALECT_TRAILING_COMMAS = 1 << 0, // a comma may follow the last element or member
} fm_dialect_flag;

/// fm_parse_in_arena_limited with the extensions in `flags`. Text that parses strictly never pays for
/// them: only when the strict parse fails is the text searched for trailing commas, and parsed
/// again with those commas blanked out (same length, so error offsets, lines and columns are
/// those of the original text).
int fm_parse_dialect(const char *bytes, size_t length, fm_engine engine, size_t max_depth,
                     size_t memory_limit, fm_arena *arena, int flags, fm_document *out,
                     fm_parse_error *error);

/// A copy of `bytes` (malloc'd, `length` bytes) in which every trailing comma (a comma that
/// follows a value and is followed, after JSON white space, by `]` or `}`) is a space; NULL
/// when the text has none or memory runs out. Strings are skipped; `[,]` and `[1,,]` keep
/// their commas, so they stay errors.
unsigned char *fm_blank_trailing_commas(const unsigned char *bytes, size_t length);

#ifdef __cplusplus
}
#endif

#endif
