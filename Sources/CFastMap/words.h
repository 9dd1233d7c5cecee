#ifndef FASTMAP_WORDS_H
#define FASTMAP_WORDS_H

// Eight bytes at a time: the word loads and byte tests shared by the escape scan of the writer
// (escape.c), the search for a backslash in string tokens (builder_strings.h), the trailing-comma
// scan before a yajl parse (builder_parse.c), the key hash (key_hash.h) and the comparison of
// short keys (builder_sparse.c); and little-endian loads and powers of ten for digit arithmetic
// (digits.h, float.c, number_shape.c, dtoa.c).

#include <stddef.h>
#include <stdint.h>
#include <string.h>

// FastMap's own SSE2 paths (escape.c, stream_commas.c, number_shape.c) are compiled where the
// target has SSE2, unless FASTMAP_PORTABLE is defined: then the plain C paths beside them run,
// as on a CPU without SSE2 (`make test-portable`).
#if defined(__SSE2__) && !defined(FASTMAP_PORTABLE)
#define FM_SSE2 1
#endif

#define FM_ONES 0x0101010101010101ULL
#define FM_HIGHS 0x8080808080808080ULL

// 10^0 to 10^19, every power of ten a uint64 holds.
static const uint64_t fm_powers_of_ten[20] = {1ULL,
                                              10ULL,
                                              100ULL,
                                              1000ULL,
                                              10000ULL,
                                              100000ULL,
                                              1000000ULL,
                                              10000000ULL,
                                              100000000ULL,
                                              1000000000ULL,
                                              10000000000ULL,
                                              100000000000ULL,
                                              1000000000000ULL,
                                              10000000000000ULL,
                                              100000000000000ULL,
                                              1000000000000000ULL,
                                              10000000000000000ULL,
                                              100000000000000000ULL,
                                              1000000000000000000ULL,
                                              10000000000000000000ULL};

static inline uint64_t fm_load_word(const unsigned char *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

static inline void fm_store_word(unsigned char *p, uint64_t word) { memcpy(p, &word, 8); }

/// The eight bytes at `p` as a little-endian number, the first byte in the low bits whatever the
/// machine's byte order: what digit arithmetic (digits.h) is written for.
static inline uint64_t fm_load_little_endian64(const unsigned char *p) {
    uint64_t word = fm_load_word(p);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    return word;
}

/// fm_load_little_endian64 for four bytes.
static inline uint32_t fm_load_little_endian32(const unsigned char *p) {
    uint32_t word;
    memcpy(&word, p, 4);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap32(word);
#endif
    return word;
}

/// The bytes of `word` equal to `byte`, flagged in their high bits. A borrow only starts at a
/// real match, so a word without one is never flagged; the lowest flag is exact, those above it
/// may not be.
static inline uint64_t fm_word_has_byte(uint64_t word, unsigned char byte) {
    uint64_t x = word ^ (FM_ONES * byte);
    return (x - FM_ONES) & ~x & FM_HIGHS;
}

/// The bytes of `word` below `limit` (at most 0x80), flagged in their high bits: the subtraction
/// borrows from them as from a zero byte. As with fm_word_has_byte, the lowest flag is exact.
static inline uint64_t fm_word_has_byte_below(uint64_t word, unsigned char limit) {
    return (word - FM_ONES * limit) & ~word & FM_HIGHS;
}

/// Index of the first byte flagged in `mask`. Only the lowest flag of a fm_word_has_byte mask is
/// exact, and it is the first byte on little-endian machines only.
static inline size_t fm_first_flagged(uint64_t mask) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (size_t)__builtin_ctzll(mask) >> 3;
#else
    return (size_t)__builtin_clzll(mask) >> 3;
#endif
}

/// Whether the `length` bytes at `a` and `b` are equal, reading only those bytes. Keys are short:
/// up to 32 bytes take two to four (possibly overlapping) loads of each side and no call, where
/// memcmp was a call through the PLT for every key compared (twitter.json's keys such as
/// `in_reply_to_status_id_str` are longer than 16).
static inline int fm_bytes_equal(const void *a, const void *b, size_t length) {
    const unsigned char *x = a, *y = b;
    if (length >= 8) {
        if (length > 32) return memcmp(x, y, length) == 0;
        if (length > 16 && (fm_load_word(x + 8) != fm_load_word(y + 8) ||
                            fm_load_word(x + length - 16) != fm_load_word(y + length - 16)))
            return 0;
        return fm_load_word(x) == fm_load_word(y) && fm_load_word(x + length - 8) == fm_load_word(y + length - 8);
    }
    if (length >= 4) {
        uint32_t head_x, head_y, tail_x, tail_y;
        memcpy(&head_x, x, 4);
        memcpy(&head_y, y, 4);
        memcpy(&tail_x, x + length - 4, 4);
        memcpy(&tail_y, y + length - 4, 4);
        return head_x == head_y && tail_x == tail_y;
    }
    if (length == 0) return 1;
    // 1 to 3 bytes: the first, the middle and the last cover them all.
    return x[0] == y[0] && x[length >> 1] == y[length >> 1] && x[length - 1] == y[length - 1];
}

#endif
