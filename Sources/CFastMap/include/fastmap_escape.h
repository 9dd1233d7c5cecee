#ifndef FASTMAP_ESCAPE_H
#define FASTMAP_ESCAPE_H

// The scan behind the byte writer's string escaping (Foundation's rules: `"`, `\`, control
// characters, and `/` unless slashes are left alone).

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The length of the longest prefix of bytes[0 ..< length] that JSON text can hold as is: the
/// index of the first `"`, `\`, byte below 0x20, or (with `escape_slash`) `/`; `length` when
/// there is none. Sixteen bytes at a time where SSE2 is available, eight elsewhere; never
/// reads past `length`.
size_t fm_json_clean_prefix(const uint8_t *bytes, size_t length, int escape_slash);

/// Writes bytes[0 ..< length] escaped as Foundation escapes JSON strings (`\"`, `\\`, `\/`
/// with `escape_slash`, `\b \f \n \r \t`, `\u00xx` for other control characters) into
/// `out`, which has room for 6 * `length` bytes, and returns how many it wrote. One call per
/// string, where writing the runs between escapes from Swift took one call and two appends
/// per escape (URLs are full of slashes).
size_t fm_json_escape(const uint8_t *bytes, size_t length, int escape_slash, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
