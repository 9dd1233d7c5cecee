#ifndef FASTMAP_KEY_HASH_H
#define FASTMAP_KEY_HASH_H

// Hashing object keys, for the document writer's repeated-key check and its test for keys that
// are not all ASCII (document_writer.c).
// Private to CFastMap.
//
// A key's hash mixes every byte of it with a seed drawn once per process from the system's
// random source, so a text cannot be written whose keys all land in one slot of a table (which
// would make an object of n members cost n² comparisons). Words are read, not bytes: the
// byte-at-a-time hash this replaces took a quarter of the instructions of parsing twitter.json.

#include <stddef.h>
#include <stdint.h>

#include "words.h"

/// The process's seed for fm_key_hash, drawn from getrandom on first use (never 0).
uint64_t fm_key_seed(void);

static inline uint64_t key_mix(uint64_t a, uint64_t b) {
    __uint128_t product = (__uint128_t)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
}

// Reads only bytes[0..<length]; two words cover a key of up to 16 bytes (overlapping when shorter).
// `*high` gets the high bits of the words read, which cover every byte: nonzero when a byte is
// 0x80 or above (the key is not all ASCII), told at the cost of an OR.
static inline uint64_t fm_key_hash_noting_high_bits(uint64_t seed, const unsigned char *bytes, size_t length,
                                                    uint64_t *high) {
    enum { K0 = 0xa0761d6478bd642fULL, K1 = 0xe7037ed1a0b428dbULL };
    uint64_t a = 0, b = 0, seen = 0;
    if (length > 16) {
        const unsigned char *p = bytes;
        for (size_t left = length; left > 16; left -= 16, p += 16) {
            uint64_t first = fm_load_word(p), second = fm_load_word(p + 8);
            seen |= first | second;
            seed = key_mix(first ^ K1, second ^ seed);
        }
        a = fm_load_word(bytes + length - 16);
        b = fm_load_word(bytes + length - 8);
        seen |= a | b;
    } else if (length >= 8) {
        a = fm_load_word(bytes);
        b = fm_load_word(bytes + length - 8);
        seen = a | b;
    } else if (length >= 4) {
        a = fm_load_little_endian32(bytes);
        b = fm_load_little_endian32(bytes + length - 4);
        seen = a | b;
    } else if (length > 0) {
        a = (uint64_t)bytes[0] << 16 | (uint64_t)bytes[length / 2] << 8 | bytes[length - 1];
        seen = a;
    }
    *high = seen & FM_HIGHS;
    return key_mix(a ^ seed ^ K0, b ^ length ^ K1);
}

static inline uint64_t fm_key_hash(uint64_t seed, const unsigned char *bytes, size_t length) {
    uint64_t high;
    return fm_key_hash_noting_high_bits(seed, bytes, length, &high);
}

#endif
