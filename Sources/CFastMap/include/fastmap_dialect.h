#ifndef FASTMAP_DIALECT_H
#define FASTMAP_DIALECT_H

// What FastMap accepts beyond strict RFC 8259, chosen per parse: Foundation's decoder takes
// trailing commas (`[1,]`, `{"a":1,}`), so FastMap does by default; strict mode is an opt-in.

#include "fastmap.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Flags of fm_parse.
typedef enum fm_dialect_flag {
    FM_DIALECT_STRICT = 0,               // RFC 8259 only
    FM_DIALECT_TRAILING_COMMAS = 1 << 0, // a comma may follow the last element or member
} fm_dialect_flag;

/// Blanks every trailing comma of `bytes` (a comma that follows a value and is followed, after
/// JSON white space, by `]` or `}`) to a space, in place; returns how many there were. Strings
/// are skipped; `[,]` and `[1,,]` keep their commas, so they stay errors.
size_t fm_blank_trailing_commas(unsigned char *bytes, size_t length);

/// Whether `bytes` holds a comma fm_blank_trailing_commas would blank (it stops at the first).
int fm_has_trailing_comma(const unsigned char *bytes, size_t length);

#ifdef __cplusplus
}
#endif

#endif
