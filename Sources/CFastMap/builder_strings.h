#ifndef FASTMAP_BUILDER_STRINGS_H
#define FASTMAP_BUILDER_STRINGS_H

// String and key tokens (builder_strings.c).

#include "builder_state.h"

/// Produces the final bytes of a string or key token exactly as the builder would store them
/// (escapes decoded with proper surrogate pairing, UTF-8 checked). Sets *owned when the
/// result must be freed. Returns 0 on error.
int fm_builder_string_bytes(fm_builder *b, const unsigned char *text, size_t length,
                            const unsigned char **result, size_t *result_length,
                            unsigned char **owned);

/// Writes `code` (a Unicode scalar value) as UTF-8 to `out` (room for 4 bytes); returns the
/// number of bytes written.
size_t fm_put_utf8(unsigned char *out, unsigned code);

#endif
