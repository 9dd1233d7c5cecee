#ifndef FASTMAP_TOKENIZER_H
#define FASTMAP_TOKENIZER_H

#include <stddef.h>

/// Runs yajl's tokenizer over bytes[0..<length] with no callbacks, configured as the tree
/// builder configures it (FastMap validates UTF-8 itself, so yajl does not). Nothing is built:
/// this is the ceiling a yajl-driven parse cannot pass, measured by `make bench`.
/// Returns 1 when yajl accepts the text, 0 when it rejects it or runs out of memory.
int fm_tokenize_only(const char *bytes, size_t length);

#endif
