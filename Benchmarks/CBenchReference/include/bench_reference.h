#ifndef BENCH_REFERENCE_H
#define BENCH_REFERENCE_H

// What `make bench`'s memory table measures FastMap's documents against: the C heap in use, and
// the tree jansson builds itself (json_loadb, jansson's public API, its default allocator), the
// tree FastMap kept parsed text in before it had a document of its own.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Bytes of the C heap in use now (glibc's mallinfo2: chunks in use in every arena, headers
/// included, and blocks of their own mapping); 0 where the C library does not say.
size_t bench_heap_in_use(void);

/// Heap bytes jansson's own tree of text[0..<length] holds (bench_heap_in_use before json_loadb
/// and after, the tree then freed); 0 when jansson rejects the text.
size_t bench_jansson_tree_bytes(const char *text, size_t length);

#ifdef __cplusplus
}
#endif

#endif
