#ifndef FASTMAP_DIGITS_H
#define FASTMAP_DIGITS_H

// Digits read a word at a time: the value of up to eight ASCII digits from one little-endian
// load, for the scan that converts a number (float.c) and the one that tells its shape and reads
// the value the document holds (number_shape.c).

#include "words.h"

// The value of eight digits, one a byte, the first lowest (each byte 0 to 9): a handful of word
// operations (the SWAR reading of simdjson and fast_float) where a loop takes about ten
// instructions a digit. The 15 to 17 digit coordinates of canada.json spent 17% of their decode
// gathering digits one at a time.
static inline uint32_t eight_digit_value(uint64_t word) {
    word = word * 10 + (word >> 8);  // pairs of digits, in every other byte
    word = (((word & 0x000000FF000000FFULL) * 0x000F424000000064ULL) +
            (((word >> 16) & 0x000000FF000000FFULL) * 0x0000271000000001ULL)) >>
           32;
    return (uint32_t)word;
}

// Whether the eight bytes at `p` are all ASCII digits, and then their value in *value.
static inline int eight_digits(const char *p, uint32_t *value) {
    uint64_t word = fm_load_little_endian64((const unsigned char *)p);  // the first digit lowest
    // Every byte 0x30...0x39: a high nibble of 3, still 3 after adding 6 to the low one.
    uint64_t nibbles = (word & 0xF0F0F0F0F0F0F0F0ULL) | (((word + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4);
    if (nibbles != 0x3333333333333333ULL) return 0;
    *value = eight_digit_value(word - 0x3030303030303030ULL);
    return 1;
}

// The value of the `count` (1 to 8) digits that end at `end`, known to be digits: one word
// ending at `end`, whose bytes before them count as leading zeros. Reads end[-8..<0].
static inline uint32_t digits_ending_at(const char *end, size_t count) {
    uint64_t word = fm_load_little_endian64((const unsigned char *)end - 8);
    // The digits are the word's top `count` bytes; the bytes below them become zeros.
    return eight_digit_value(word & 0x0F0F0F0F0F0F0F0FULL & (~0ULL << (8 * (8 - count))));
}

// eight_digits for four.
static inline int four_digits(const char *p, uint32_t *value) {
    uint32_t word = fm_load_little_endian32((const unsigned char *)p);
    uint32_t nibbles = (word & 0xF0F0F0F0U) | (((word + 0x06060606U) & 0xF0F0F0F0U) >> 4);
    if (nibbles != 0x33333333U) return 0;
    word -= 0x30303030U;
    word = word * 10 + (word >> 8);
    *value = (word & 0xFF) * 100 + ((word >> 16) & 0xFF);
    return 1;
}

// The digits from `p` on, folded into *w, wrapping past 19 of them exactly as one at a time
// would (times 10^8 plus eight digits is the same eight steps modulo 2^64); returns where they
// end. Never reads at or past `end`.
static inline const char *gather_digits(const char *p, const char *end, uint64_t *w) {
    uint64_t value = *w;
    uint32_t chunk;
    while (end - p >= 8 && eight_digits(p, &chunk)) {
        value = value * 100000000 + chunk;
        p += 8;
    }
    if (end - p >= 4 && four_digits(p, &chunk)) {
        value = value * 10000 + chunk;
        p += 4;
    }
    while (p < end && (unsigned)(*p - '0') < 10) value = value * 10 + (uint64_t)(*p++ - '0');
    *w = value;
    return p;
}

#endif
