#ifndef FASTMAP_ESCAPE_H
#define FASTMAP_ESCAPE_H

// The byte writer's string escaping (Foundation's rules: `"`, `\`, control
// characters, and `/` unless slashes are left alone).

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes bytes[0 ..< length] escaped as Foundation escapes JSON strings (`\"`, `\\`, `\/`
/// with `escape_slash`, `\b \f \n \r \t`, `\u00xx` for other control characters) into
/// `out`, which has room for 6 * `length` bytes, and returns how many it wrote. The runs
/// between escapes are found sixteen bytes at a time (eight without SSE2) and copied whole; one
/// call per string, where writing them from Swift took one call and two appends per escape
/// (URLs are full of slashes).
size_t fm_json_escape(const uint8_t *bytes, size_t length, int escape_slash, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
