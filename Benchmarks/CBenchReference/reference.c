#include "bench_reference.h"

#include <jansson.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

size_t bench_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}

size_t bench_jansson_tree_bytes(const char *text, size_t length) {
    size_t before = bench_heap_in_use();
    json_error_t error;
    json_t *tree = json_loadb(text, length, 0, &error);
    if (!tree) return 0;
    size_t after = bench_heap_in_use();
    json_decref(tree);
    return after > before ? after - before : 0;
}
