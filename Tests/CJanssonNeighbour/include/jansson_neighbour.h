#ifndef JANSSON_NEIGHBOUR_H
#define JANSSON_NEIGHBOUR_H

// A second jansson user in the test process, as a library beside FastMap in someone's service
// would be: it installs its own allocation functions before anything else calls jansson (as
// jansson's documentation asks), and uses jansson's public API only.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether jansson's allocation functions are still the neighbour's first pair.
int neighbour_hooks_are_installed(void);

/// Blocks the neighbour's allocators handed out and did not get back yet.
long neighbour_live_blocks(void);

/// The neighbour's own work: builds a value, writes it, reads it back and compares; 1 when equal.
int neighbour_round_trip(void);

/// Installs the neighbour's second allocator pair (`which` != 0) or its first. A block freed by
/// the other pair's free function aborts the process.
void neighbour_switch_hooks(int which);

/// A jansson value built by the neighbour: {"id": -1, "big": 9223372036854775807,
/// "name": "caf\u00e9", "ratio": 0.5, "tags": ["a", null, true], "empty": {}}. The caller owns it.
void *neighbour_make_value(void);

/// A jansson value holding bytes that are not UTF-8, made with jansson's `_nocheck` constructors:
/// `["ok", "\xff"]` when `in_key` is 0, `{"ok": 1, "\xc3": 2}` otherwise. The caller owns it.
void *neighbour_make_invalid_utf8(int in_key);

/// `value` (a json_t *) written by jansson with sorted keys, compact; the caller frees it with
/// neighbour_free_text. NULL when it cannot be written.
char *neighbour_dump(const void *value);
void neighbour_free_text(char *text);

/// json_decref for the caller's reference.
void neighbour_release(void *value);

/// Reference count of a json_t.
size_t neighbour_reference_count(const void *value);

#ifdef __cplusplus
}
#endif

#endif
