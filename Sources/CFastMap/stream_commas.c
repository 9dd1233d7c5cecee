#include "fastmap_stream.h"
#include "words.h"

#if defined(FM_SSE2)
#include <emmintrin.h>
#endif

// Finding the commas between an array's elements, 64 bytes at a time (the way simdjson's first
// stage finds structure): each block becomes bit masks of its quotes, backslashes, brackets and
// commas; the bytes inside strings come from the unescaped quotes by a prefix XOR; and only the
// brackets and commas outside strings are then visited one by one. Records of about 80 bytes
// have about ten of those, so the scan costs a few instructions a byte, where a loop over every
// byte (and every string) cost several times as much as simdjson's whole tokenizer.

/// Bit k of a mask stands for byte k of the block.
typedef struct fm_block_marks {
    uint64_t quote, backslash, open, close, comma;
} fm_block_marks;

#if defined(FM_SSE2)
static inline uint64_t matches(__m128i chunk, char byte) {
    return (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, _mm_set1_epi8(byte)));
}
#endif

static inline fm_block_marks classify(const unsigned char *block) {
    fm_block_marks m = {0, 0, 0, 0, 0};
#if defined(FM_SSE2)
    // '[' and '{' differ only in bit 0x20, as do ']' and '}': one compare each after setting it.
    const __m128i case_bit = _mm_set1_epi8(0x20);
    for (int k = 0; k < 4; k++) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(block + 16 * k));
        __m128i folded = _mm_or_si128(chunk, case_bit);
        int shift = 16 * k;
        m.quote |= matches(chunk, '"') << shift;
        m.backslash |= matches(chunk, '\\') << shift;
        m.comma |= matches(chunk, ',') << shift;
        m.open |= matches(folded, '{') << shift;
        m.close |= matches(folded, '}') << shift;
    }
#else
    for (int k = 0; k < 64; k++) {
        uint64_t bit = (uint64_t)1 << k;
        switch (block[k]) {
            case '"': m.quote |= bit; break;
            case '\\': m.backslash |= bit; break;
            case ',': m.comma |= bit; break;
            case '[': case '{': m.open |= bit; break;
            case ']': case '}': m.close |= bit; break;
            default: break;
        }
    }
#endif
    return m;
}

// The bytes a backslash escapes. *carry tells whether the block's first byte is escaped (in) and
// whether the next block's is (out). Backslashes are rare, so they are walked one by one: an
// escaped backslash escapes nothing. Outside strings a backslash is invalid JSON anyway.
static inline uint64_t escaped_bytes(uint64_t backslash, int *carry) {
    uint64_t escaped = *carry ? 1 : 0;
    backslash &= ~escaped;
    *carry = 0;
    while (backslash) {
        int k = __builtin_ctzll(backslash);
        if (k == 63) {
            *carry = 1;
            break;
        }
        escaped |= (uint64_t)1 << (k + 1);
        backslash &= ~((uint64_t)3 << k);  // the backslash and the byte it escapes
    }
    return escaped;
}

// Bit k is the XOR of bits 0...k: with the unescaped quotes in, the bytes from an opening quote
// up to (not including) its closing one.
static inline uint64_t prefix_xor(uint64_t bits) {
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^= bits << 8;
    bits ^= bits << 16;
    bits ^= bits << 32;
    return bits;
}

size_t fm_scan_commas(const unsigned char *bytes, size_t length, size_t depth, int in_string, int escaped,
                      size_t max_commas, size_t soft_limit, size_t *commas) {
    size_t count = 0, end = 0;
    uint64_t inside = in_string ? ~(uint64_t)0 : 0;  // all ones: the last block ended in a string
    int carry = in_string && escaped;
    unsigned char tail[64];
    for (size_t base = 0; base < length; base += 64) {
        const unsigned char *block = bytes + base;
        if (length - base < 64) {
            // The last, short block, padded with spaces (neither structure nor string).
            memset(tail, ' ', sizeof tail);
            memcpy(tail, block, length - base);
            block = tail;
        }
        fm_block_marks m = classify(block);
        uint64_t quotes = m.quote & ~escaped_bytes(m.backslash, &carry);
        uint64_t strings = prefix_xor(quotes) ^ inside;
        inside = (uint64_t)((int64_t)strings >> 63);
        uint64_t structure = (m.open | m.close | m.comma) & ~strings;
        while (structure) {
            uint64_t bit = structure & (~structure + 1);
            structure ^= bit;
            if (m.open & bit) {
                depth++;
            } else if (m.close & bit) {
                if (depth == 0) return *commas = count, end;  // the array closes
                depth--;
            } else if (depth == 0) {
                end = base + (size_t)__builtin_ctzll(bit) + 1;
                if (++count == max_commas || end > soft_limit) return *commas = count, end;
            }
        }
    }
    *commas = count;
    return end;
}
