#include "key_hash.h"

#include <stdatomic.h>
#include <sys/random.h>
#include <sys/types.h>

uint64_t fm_key_seed(void) {
    static _Atomic uint64_t seed;
    uint64_t value = atomic_load_explicit(&seed, memory_order_relaxed);
    if (value) return value;
    if (getrandom(&value, sizeof value, GRND_NONBLOCK) != (ssize_t)sizeof value) {
        // No entropy yet (early boot): the address of a local, which ASLR moves per process.
        uintptr_t local = (uintptr_t)&value;
        value = (uint64_t)local * 0x9e3779b97f4a7c15ULL;
    }
    value |= 1;  // never 0, which means "not drawn yet"
    atomic_store_explicit(&seed, value, memory_order_relaxed);
    return value;
}
