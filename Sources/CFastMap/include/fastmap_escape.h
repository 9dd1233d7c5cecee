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

#ifdef __cplusplus
}
#endif

#endif
