#include "internal.h"

#include <string.h>

// Numbers kept as text: JSON5's tokens.

// JSON5 tokens that strict JSON cannot spell (`Infinity`, `NaN`, malformed numbers that
// Foundation rejects only when they are read) reach the document as markers: a number with an
// exponent far beyond any double (so the cell keeps its text) whose digits spell the token.
// The marker's text is the document's own (its adopted text, or its bytes), rewritten in place:
// the token is shorter than its marker.
static void restore_cell(fm_cell *cell) {
    size_t length = (size_t)fm_cell_size(cell);
    size_t prefix = strlen(FM_JSON5_TOKEN_MARKER);
    const unsigned char *text = cell->payload.bytes;
    if (length <= prefix || memcmp(text, FM_JSON5_TOKEN_MARKER, prefix) != 0) return;
    size_t digits = length - prefix;
    if (digits % 3 != 0) return;
    unsigned char *out = (unsigned char *)text;
    const unsigned char *in = text + prefix;
    size_t n = 0;
    for (size_t i = 0; i < digits; i += 3)
        out[n++] = (unsigned char)((in[i] - '0') * 100 + (in[i + 1] - '0') * 10 + (in[i + 2] - '0'));
    cell->tag = (uint64_t)FM_CELL_NUMBER | (uint64_t)n << FM_CELL_SIZE_SHIFT;
}

void fm_json5_restore_tokens(fm_cell *root) {
    if (!root) return;
    const fm_cell *end = fm_cell_next(root);
    for (fm_cell *cell = root; cell < end; cell = (fm_cell *)fm_cell_after(cell))
        if (fm_cell_kind_of(cell) == FM_CELL_NUMBER) restore_cell(cell);
}
