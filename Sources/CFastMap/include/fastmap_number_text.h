#ifndef FASTMAP_NUMBER_TEXT_H
#define FASTMAP_NUMBER_TEXT_H

// Numbers kept as text (FM_CELL_NUMBER cells): reals and integers beyond 64 bits keep their text
// in the document, so that a document never fails for a number nobody reads, and Decimal, Int128,
// UInt128 and Double read it as Foundation does.

#include <stddef.h>

#include "fastmap_document.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The prefix of the number a JSON5 translation writes for a token strict JSON cannot spell;
/// three decimal digits per byte of the token follow. Its exponent is beyond every double, so
/// the parser keeps it as text; the translator sends every other number this long its own way.
#define FM_JSON5_TOKEN_MARKER "1e1000000000000000000"

/// Rewrites, in place, every marker number of a value parsed from a JSON5 translation into the
/// token it spells. Only for values parsed from such a translation (into a document's own text).
void fm_json5_restore_tokens(fm_cell *root);

#ifdef __cplusplus
}
#endif

#endif
