#include "digits.h"
#include "internal.h"

#include <string.h>
#if FM_SSE2
#include <emmintrin.h>
#endif

// A number token's shape, for the builders: RFC 8259's grammar checked, and the value read of
// what the document holds as a value (an integer within 64 bits, a decimal's digits). Reals are
// converted to doubles only when read (float.c), from the digits or the text kept here.

// The bytes of `x` (a little-endian word less '0' in every byte) that are no digit, flagged in
// their high bits: a byte is a digit when it is 0 to 9, and adding 0x76 to its low seven bits sets
// their high bit from 10 on without carrying out of the byte; its own high bit flags 0x80 and up.
static inline uint64_t non_digits(uint64_t x) {
    return (((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7676767676767676ULL) | x) & FM_HIGHS;
}

// How many ASCII digits start at `p`, reading only bytes from `low` (at or before `p`) up to
// `end`: eight a step, and the last few with one word that ends at `end` when the token is eight
// bytes long or more (a byte at a time, the last digits of canada.json's 18-byte coordinates
// were two thirds of their scan).
static inline size_t digit_run(const char *low, const char *p, const char *end) {
    const char *start = p;
    while (end - p >= 8) {
        uint64_t other = non_digits(fm_load_little_endian64((const unsigned char *)p) ^ 0x3030303030303030ULL);
        if (other) return (size_t)(p - start) + ((size_t)__builtin_ctzll(other) >> 3);
        p += 8;
    }
    size_t left = (size_t)(end - p);
    if (left == 0) return (size_t)(p - start);
    if (end - low >= 8) {
        // The word's top `left` bytes are p[0..<left]; shifted down, zeros above them read as no
        // digit, so the run stops at `end` at the latest.
        uint64_t word = fm_load_little_endian64((const unsigned char *)end - 8) >> (8 * (8 - left));
        uint64_t other = non_digits(word ^ 0x3030303030303030ULL);
        return (size_t)(p - start) + ((size_t)__builtin_ctzll(other) >> 3);
    }
    while (p < end && (unsigned)(*p - '0') < 10) p++;
    return (size_t)(p - start);
}

// The builders' one pass over a number token, a run of digits at a time: an integer's value and
// a decimal's digits are read, any other real's grammar only checked (its text is kept).
// Gathering every real's digits as scan_json_number does was a third of parsing canada.json (a
// check with scan_json_number, then a second scan for the integer part: 108 instructions for
// each of its 17-byte coordinates). A decimal's digits are read a digit at a time here, not by
// decimal_value below: called from here, that took 2.3% more instructions parsing canada.json
// with yajl (its 18-byte tokens are too short for decimal_value's loads without a document).
fm_number_shape fm_json_number_shape(const char *text, size_t length, uint64_t *magnitude, unsigned *fraction) {
    const char *p = text, *end = text + length;
    if (p < end && *p == '-') p++;
    const char *digits = p;
    // A short token's integer part is read in the loop that finds it (most of mesh.json's
    // numbers are integers of three or four digits); a longer one's found, then gathered.
    uint64_t value = 0;
    size_t count;
    int read = end - p < 8;
    if (read) {
        while (p < end && (unsigned)(*p - '0') < 10) value = value * 10 + (uint64_t)(*p++ - '0');
        count = (size_t)(p - digits);
    } else {
        count = digit_run(text, p, end);
        p += count;
    }
    if (count == 0 || (count > 1 && *digits == '0')) return FM_NUMBER_INVALID;
    if (p == end) {
        // Up to 19 digits always fit; 20 may (UInt64.max has 20), checked a step at a time.
        if (!read && count <= 19) {
            gather_digits(digits, end, &value);
        } else if (!read) {
            for (const char *q = digits; q < end; q++) {
                uint64_t digit = (uint64_t)(*q - '0');
                if (value > (UINT64_MAX - digit) / 10) return FM_NUMBER_TEXT;
                value = value * 10 + digit;
            }
        }
        *magnitude = value;
        return FM_NUMBER_INTEGER;
    }
    if (*p == '.') {
        const char *point = p++;
        count = digit_run(text, p, end);
        if (count == 0) return FM_NUMBER_INVALID;
        p += count;
        if (fraction && p == end && (size_t)(end - digits) - 1 <= 19) {
            uint64_t value = 0;
            for (const char *q = digits; q < end; q++)
                if (q != point) value = value * 10 + (uint64_t)(*q - '0');
            *magnitude = value;
            *fraction = (unsigned)count;
            return FM_NUMBER_DECIMAL;
        }
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-')) p++;
        count = digit_run(text, p, end);
        if (count == 0) return FM_NUMBER_INVALID;
        p += count;
    }
    return p == end ? FM_NUMBER_TEXT : FM_NUMBER_INVALID;
}

// The bytes of p[0..<16] that are no ASCII digit, one bit each (bit i for p[i]).
static inline uint32_t non_digit_bits16(const char *p) {
#if FM_SSE2
    // A byte less '0' is a digit's value exactly when it is at most 9, unsigned.
    __m128i value = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8('0'));
    __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(value, _mm_set1_epi8(9)), value);
    return ~(uint32_t)_mm_movemask_epi8(digit) & 0xFFFF;
#else
    uint32_t bits = 0;
    for (int half = 0; half < 2; half++) {
        uint64_t word = fm_load_little_endian64((const unsigned char *)p + 8 * half);
        uint64_t flags = non_digits(word ^ 0x3030303030303030ULL);
        // One flag per byte at its bit 7 (byte i at bit 8i + 7), gathered into the top byte by
        // a multiply: byte i's flag lands on bit 56 + i and no two products overlap.
        bits |= (uint32_t)(((flags >> 7) * 0x0102040810204080ULL) >> 56) << (8 * half);
    }
    return bits;
#endif
}

// The `places` (1 to 20) bytes before `end` read as digits, each byte its low four bits (a digit
// its value, a point 14), the first the highest; modulo 2^64. Reads end[-24..<0] when places
// is over 16, else end[-16..<0].
static inline uint64_t places_value(const char *end, size_t places) {
#if FM_SSE2
    // SSE2's multiply-add (pmaddwd) makes pairs, fours and eights of digits for two registers at
    // once: about 38 instructions for canada.json's 18 places, where the words below take 60.
    // low_nibbles + k: the mask that keeps the last k of 16 bytes, and of each its low nibble.
    static const unsigned char low_nibbles[32] = {0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
                                                  0,    0,    0,    0,    0,    0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F,
                                                  0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F};
    __m128i zero = _mm_setzero_si128();
    __m128i last = _mm_and_si128(_mm_loadu_si128((const __m128i *)(end - 16)),
                                 _mm_loadu_si128((const __m128i *)(low_nibbles + (places < 16 ? places : 16))));
    // The places before those 16, in the low half: the last (places - 16) of its 8 bytes.
    __m128i before = zero;
    if (places > 16)
        before = _mm_and_si128(_mm_loadl_epi64((const __m128i *)(end - 24)),
                               _mm_loadu_si128((const __m128i *)(low_nibbles + places - 8)));
    __m128i tens = _mm_set1_epi32(0x0001000A), hundreds = _mm_set1_epi32(0x00010064);
    __m128i last_pairs = _mm_packs_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(last, zero), tens),
                                         _mm_madd_epi16(_mm_unpackhi_epi8(last, zero), tens));
    __m128i before_pairs = _mm_packs_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(before, zero), tens), zero);
    __m128i fours = _mm_packs_epi32(_mm_madd_epi16(before_pairs, hundreds), _mm_madd_epi16(last_pairs, hundreds));
    uint32_t eights[4];  // before's, 0, then last's two
    _mm_storeu_si128((__m128i *)eights, _mm_madd_epi16(fours, _mm_set1_epi32(0x00012710)));
    return eights[0] * 10000000000000000ULL + eights[2] * 100000000ULL + eights[3];
#else
    uint64_t value = digits_ending_at(end, places < 8 ? places : 8);
    if (places > 8) value += 100000000ULL * digits_ending_at(end - 8, places < 16 ? places - 8 : 8);
    if (places > 16) value += 10000000000000000ULL * digits_ending_at(end - 16, places - 16);
    return value;
#endif
}

// The digits of a decimal token (`text[point]` its point, digits on both sides, no exponent, at
// most 19 digits) as one integer, the point left out. Its places are read with the point among
// them, as a 14 (places_value), and the integer part then takes the point's place back out:
//
//     "-65.25": V = 65 * 10^3 + 14 * 10^2 + 25 = 66425, and 66425 - (14 + 9 * 65) * 10^2 = 6525
//
// V may pass 2^64 (20 places); the arithmetic wraps, and the result, below 10^19, comes out
// right. Reading the two digit runs apart took 96 instructions a canada.json coordinate.
static inline uint64_t decimal_value(const char *document, const char *text, size_t length, size_t point) {
    const char *end = text + length;
    size_t sign = text[0] == '-', places = length - sign;
    uint64_t value = 0;
    if ((size_t)(end - document) < (places > 16 ? 24 : 16)) {
        // Too near the document's start for places_value's loads: a digit at a time.
        for (const char *p = text + sign; p < end; p++)
            if (p != text + point) value = value * 10 + (uint64_t)(*p - '0');
        return value;
    }
    for (const char *p = text + sign; p < text + point; p++) value = value * 10 + (uint64_t)(*p - '0');
    return places_value(end, places) - (14 + 9 * value) * fm_powers_of_ten[length - point - 1];
}

// Reading a number with fm_json_number_shape, a digit run at a time, took about 120 instructions
// for each of canada.json's 18-byte coordinates and about 100 for mesh.json's numbers: 39% of
// decoding an outline of canada.json (a model that reads no coordinate) and 31% of parsing
// mesh.json. Here one or two 16-byte loads flag the token's non-digits at once, and the grammar
// is read off the flags' positions. Skipped numbers (magnitude NULL) were the first to use it:
// the walk took 20% fewer instructions on canada.json and 24% on mesh.json, and make bench's
// sparse rows for them ran 30% and 25% faster at least.
fm_number_shape fm_json_number_shape_in(const char *document, const char *text, size_t length, uint64_t *magnitude,
                                        unsigned *fraction) {
    const char *end = text + length;
    // Bit i: text[i] is no digit; bit `length` stands for the end, so every search stops.
    uint64_t other;
    if (length <= 16 && end - document >= 16) {
        // One load ending with the token: the bytes before it are the document's.
        other = non_digit_bits16(end - 16) >> (16 - length);
    } else if (length > 16 && length <= 32) {
        // Two loads inside the token, overlapping when it is shorter than 32 bytes.
        other = non_digit_bits16(text) | (uint64_t)non_digit_bits16(end - 16) << (length - 16);
    } else {
        uint64_t ignored;
        return fm_json_number_shape(text, length, magnitude ? magnitude : &ignored, magnitude ? fraction : NULL);
    }
    other |= 1ULL << length;
    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?: each digit run ends at the next flag at
    // or after its start, and must not be empty.
    size_t start = text[0] == '-';
    size_t stop = start + (size_t)__builtin_ctzll(other >> start);
    if (stop == start || (text[start] == '0' && stop > start + 1)) return FM_NUMBER_INVALID;
    if (stop == length) {
        if (!magnitude) return FM_NUMBER_INTEGER;
        // Up to 16 digits are read from words ending at the token's end (as the flags were: the
        // 16 bytes before it may be read); 17 to 20 (UInt64.max has 20) by the digit-run reader.
        size_t count = stop - start;
        if (count > 20) return FM_NUMBER_TEXT;
        if (count > 16) return fm_json_number_shape(text, length, magnitude, fraction);
        *magnitude = count <= 8 ? digits_ending_at(end, count)
                                : (uint64_t)digits_ending_at(end - 8, count - 8) * 100000000 + digits_ending_at(end, 8);
        return FM_NUMBER_INTEGER;
    }
    if (text[stop] == '.') {
        size_t point = stop;
        start = stop + 1;
        stop = start + (size_t)__builtin_ctzll(other >> start);
        if (stop == start) return FM_NUMBER_INVALID;
        if (magnitude && stop == length && length - (text[0] == '-') - 1 <= 19) {
            *fraction = (unsigned)(length - start);
            *magnitude = decimal_value(document, text, length, point);
            return FM_NUMBER_DECIMAL;
        }
    }
    if (stop < length && (text[stop] | 0x20) == 'e') {
        start = stop + 1;
        if (start < length && (text[start] == '+' || text[start] == '-')) start++;
        stop = start + (size_t)__builtin_ctzll(other >> start);
        if (stop == start) return FM_NUMBER_INVALID;
    }
    return stop == length ? FM_NUMBER_TEXT : FM_NUMBER_INVALID;
}
