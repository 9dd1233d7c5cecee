#ifndef FASTMAP_FUZZ_DRIVER_H
#define FASTMAP_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's documented entry point for programs that have their own main (its
// "Using libFuzzer as a library" section): runs the fuzzer with the command line's flags,
// calling `callback` with every input it tries. Defined by libFuzzer, which
// `-sanitize=fuzzer` links.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
