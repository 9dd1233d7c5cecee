#ifndef FASTMAP_NUMBER_TEXT_H
#define FASTMAP_NUMBER_TEXT_H

// Numbers beyond what a jansson integer or a finite double holds keep their text in the tree,
// so that a document never fails for a number nobody reads, and Decimal, Int128, UInt128 and
// Double read it as Foundation does.

#include <jansson.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A number node that keeps the number's text: a jansson real (so jansson sees a number and
/// frees it as one) whose value is a NaN with FastMap's payload, the text stored after it.
/// Built for integers beyond Int64.min...UInt64.max and for numbers whose double overflows.
/// Returns NULL when out of memory.
json_t *fm_number_text_node(const char *text, size_t length);

/// Whether `node` is a number made by fm_number_text_node.
int fm_is_number_text(const json_t *node);

/// The text of a number made by fm_number_text_node (not NUL-terminated), or NULL for any
/// other node.
const char *fm_number_text(const json_t *node, size_t *length);

/// The prefix of the number a JSON5 translation writes for a token strict JSON cannot spell;
/// three decimal digits per byte of the token follow. Its exponent is beyond every double, so
/// the parser keeps it as text; the translator sends every other number this long its own way.
#define FM_JSON5_TOKEN_MARKER "1e1000000000000000000"

/// Rewrites, in place, every marker number of a tree parsed from a JSON5 translation into the
/// token it spells. Only for trees parsed from such a translation.
void fm_json5_restore_tokens(json_t *root);

#ifdef __cplusplus
}
#endif

#endif
