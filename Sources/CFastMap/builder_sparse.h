#ifndef FASTMAP_BUILDER_SPARSE_H
#define FASTMAP_BUILDER_SPARSE_H

// Sparse builds (builder_sparse.c; builder.c calls these only when b->sparse is set).
// fm_sparse_start: 1 when the container being opened is skipped (*result is the callback's
// result), else 0 after choosing its *schema. fm_sparse_started: marks the container just
// pushed. fm_sparse_key: decides whether the value of the key `bytes` is built (1) or skipped
// (0). fm_sparse_reset: forgets a failed build's sparse state (values being skipped, a
// container kept whole), so the builder's next value (a streamed element) starts filtering from
// its root again.

#include "builder_state.h"

int fm_sparse_start(fm_builder *b, int *result, uint32_t *schema);
void fm_sparse_started(fm_builder *b, uint32_t schema);
int fm_sparse_key(fm_builder *b, const unsigned char *bytes, size_t count);
void fm_sparse_reset(fm_builder *b);

#endif
