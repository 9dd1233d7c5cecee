#ifndef FASTMAP_INTERNAL_H
#define FASTMAP_INTERNAL_H

// CFastMap's own helpers, shared between its C files and kept out of include/ (the header Swift
// sees): the engines behind fm_parse_in_arena, the budget and arena of the calling thread, and
// the text helpers the builder uses.

#include "fastmap.h"
#include "words.h"

#include <string.h>

/// Parses with yajl's tokenizer, building jansson nodes directly.
/// Returns 0 on success (out->root owns one reference), -1 on error (error filled in).
int fm_parse_yajl(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                  fm_parse_error *error);

/// fm_parse_yajl without its first pass (dropping the white space of pretty-printed text
/// into a compact copy); the trees and errors of the two are the same.
int fm_parse_yajl_direct(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                         fm_parse_error *error);

/// Whether `bytes` holds enough white space (a third, by sampling) to be worth compacting.
int fm_worth_compacting(const unsigned char *bytes, size_t length);

/// Copies `in` to `out` (at least `length` + 8 bytes) without the JSON white space outside strings
/// that separates no two tokens; returns the length written.
size_t fm_compact_json(const unsigned char *in, size_t length, unsigned char *out);

/// Parses with jansson's json_loadb. Inputs that jansson alone cannot map exactly
/// (duplicate keys, integers above INT64_MAX, `-0`, nesting deeper than max_depth) and every
/// error are handed to fm_parse_yajl, so both engines give the same trees and the same errors.
int fm_parse_jansson(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                     fm_parse_error *error);

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

/// A count of jansson allocations against a limit, for the calling thread (see
/// fm_budget_set_current). An allocation that would pass the limit fails (returns NULL) and
/// sets `exceeded`.
typedef struct fm_budget {
    size_t limit;
    size_t used;
    int exceeded;
} fm_budget;

/// The calling thread's current budget, or NULL (no limit).
fm_budget *fm_budget_current(void);
void fm_budget_set_current(fm_budget *budget);

/// The calling thread's current arena, or NULL. While one is set, every jansson allocation on
/// the thread comes from it and every jansson free is a no-op (fm_parse_in_arena sets it for
/// one parse; the streaming parser sets it around each element it builds).
fm_arena *fm_arena_current(void);
void fm_arena_set_current(fm_arena *arena);

/// Takes `size` bytes for a node from the calling thread's current arena, counted against its
/// budget: returns 1 with *block set (NULL when the budget or memory ran out), or 0 when no
/// arena is current.
int fm_arena_take(size_t size, void **block);

/// Checks once (when FastMap installs its hooks) that jansson's scalar nodes are laid out as
/// arena_nodes.c builds them.
void fm_arena_nodes_check(void);
/// What that check found: 1 when the layouts match.
int fm_arena_nodes_check_result(void);
/// The same for an object's members (object_lookup.c), checked at the same time.
void fm_object_pairs_check(void);
int fm_object_pairs_check_result(void);
/// Adds a member to `object` on its list of members only, not to jansson's hash (so
/// json_object_getn does not find it: fm_object_member does), taking `value`'s reference (even
/// on failure, as json_object_setn_new does). Only when fm_object_pairs_check_result() is 1.
/// The member goes before as many of the last members in the object's order as `later` has bits
/// set (0: at the end). Returns 0, or -1 when memory runs out.
int fm_object_append_unhashed(json_t *object, const char *key, size_t length, json_t *value, uint64_t later);
/// json_object_setn_new_nocheck for the builders (taking `value`'s reference, even on failure; a
/// repeated key replaces the value), doing what jansson's hashtable_set does without its calls
/// when fm_object_inserts_check found that to build the very same structure (object_insert.c).
/// `object` must be an object and `value` a node other than it: the builders check both before.
int fm_object_insert(json_t *object, const char *key, size_t length, json_t *value);
/// The check fm_object_insert relies on, made once with the others at load, and what it found.
void fm_object_inserts_check(void);
int fm_object_inserts_check_result(void);

/// Scalar nodes, each in one block of the current arena when there is one (a string's text
/// right after its node), otherwise from jansson's constructors. NULL when memory runs out
/// (and, as json_real, for a NaN or an infinity).
json_t *fm_string_node(const char *bytes, size_t length);
/// A string node laid out in the current arena with room for `capacity` bytes of text (and
/// its NUL), for a caller that writes the text in place and then calls fm_string_node_end with
/// its length (at most `capacity`): 1 with *node and *text set (*node NULL when the arena's
/// budget or memory ran out), or 0 when fm_string_node must make it (no arena is current, or
/// the layouts differ).
int fm_string_node_begin(size_t capacity, json_t **node, char **text);
void fm_string_node_end(json_t *node, size_t length);
json_t *fm_integer_node(json_int_t value);
json_t *fm_real_node(double value);

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

/// Parses with simdjson's tokenizer driving the builder; every input simdjson (or the builder
/// under it) rejects is handed to fm_parse_yajl, so the trees and errors are the yajl engine's.
int fm_parse_simdjson(const char *bytes, size_t length, size_t max_depth, fm_document *out,
                      fm_parse_error *error);

#endif
