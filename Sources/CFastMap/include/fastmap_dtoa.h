#ifndef FASTMAP_DTOA_H
#define FASTMAP_DTOA_H

// Shortest round-trip text for doubles and floats, spelled exactly as Swift's `description`
// (which JSONEncoder and JSONSerialization write), without going through a String; and lists
// of integers in decimal.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The buffer size the functions below need: the longest text they write is 24 bytes
/// ("-2.2250738585072014e-308").
#define FM_FLOAT_TEXT_CAPACITY 32

/// Writes a finite `value` as Swift's `Double.description` spells it ("0.1", "100.0",
/// "1e-05", "1.8014398509481984e+16", "-0.0", "5e-324") into `out`, which must hold
/// FM_FLOAT_TEXT_CAPACITY bytes, and returns the number of bytes written (no NUL). With
/// `drop_zero_fraction`, an integral value loses its ".0" ("100", "-0"), as Foundation's JSON
/// writers print it. Returns 0 for infinities and NaNs, which have no JSON spelling.
size_t fm_format_double(double value, char *out, int drop_zero_fraction);

/// fm_format_double for a float, in the float's own shortest form (`Float.description`:
/// "0.1", "3.4028235e+38", "16777216.0", "1.6777218e+07").
size_t fm_format_float(float value, char *out, int drop_zero_fraction);

/// Writes the leading finite values of values[0 ..< count] as fm_format_double spells them
/// with drop_zero_fraction, separated by commas (and preceded by one when `leading_comma`),
/// into `out` of `capacity` bytes. Stops before the first value that is not finite or would
/// not fit; stores how many values it wrote in `*written` and returns the number of bytes.
/// One call per array chunk instead of one per number: the caller copies the text once.
size_t fm_format_double_list(const double *values, size_t count, int leading_comma, char *out, size_t capacity,
                             size_t *written);

/// The most bytes one integer of fm_format_integer_list takes: "-9223372036854775808".
#define FM_INTEGER_TEXT_CAPACITY 20

/// Writes the leading values of values[0 ..< count] in decimal, separated by commas (and
/// preceded by one when `leading_comma`), into `out` of `capacity` bytes; stops before the
/// first value that might not fit (one that needs 1 + FM_INTEGER_TEXT_CAPACITY bytes more than
/// are left), stores how many values it wrote in `*written` and returns the number of bytes.
/// Index arrays of meshes and the like: one call per chunk instead of a call per integer.
size_t fm_format_integer_list(const intptr_t *values, size_t count, int leading_comma, char *out, size_t capacity,
                              size_t *written);

#ifdef __cplusplus
}
#endif

#endif
