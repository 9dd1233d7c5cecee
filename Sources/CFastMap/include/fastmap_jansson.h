#ifndef FASTMAP_JANSSON_H
#define FASTMAP_JANSSON_H

// Handing values to C code that uses jansson, and taking them from it, through jansson's public
// API only. FastMap never changes jansson's process-wide settings (allocation functions, hash
// seed): the json_t values made here come from whatever functions the program installed.

#include <jansson.h>

#include "fastmap_document.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Why a value could not cross over.
typedef enum fm_jansson_status {
    FM_JANSSON_OK = 0,
    FM_JANSSON_OUT_OF_MEMORY = 1,
    /// A number jansson cannot hold exactly: an integer above INT64_MAX or beyond 64 bits, or a
    /// JSON5 token (`Infinity`, `NaN`) kept as written.
    FM_JANSSON_NUMBER_RANGE = 2,
    /// A json_t that is not a JSON value FastMap can hold (a real that is not finite).
    FM_JANSSON_INVALID = 3,
    /// A string or key that is not valid UTF-8 (jansson's `_nocheck` constructors take any
    /// bytes); Swift strings made from it would not be valid.
    FM_JANSSON_INVALID_UTF8 = 4,
} fm_jansson_status;

/// A new jansson value (one reference, the caller's) holding `value` and everything below it.
/// NULL with *status set when it cannot be made; *failed_at is then the cell that failed.
json_t *fm_jansson_from_cell(const fm_cell *value, fm_jansson_status *status, const fm_cell **failed_at);

/// Writes `json` (borrowed: its reference count is not changed) as the next value of `writer`.
fm_jansson_status fm_jansson_write(const json_t *json, fm_writer *writer);

#ifdef __cplusplus
}
#endif

#endif
