#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#if FM_SSE2
#include <emmintrin.h>
#endif

// Decimal text -> double, correctly rounded (round to nearest, ties to even) like strtod, in
// one pass over the text. Three tiers: Clinger's fast path when the digits and the power of
// ten are both exact doubles; the Eisel-Lemire algorithm (Lemire, "Number Parsing at a
// Gigabyte per Second", 2021) for up to 19 significant digits; strtod for the rest (more
// digits, subnormal results, overflow and the rare products Eisel-Lemire cannot decide).
//
// Why not fast_float, the field's library for this: Debian 12's (libfast-float-dev 3.9.0) was
// measured in this file's place, behind a small C++ bridge. JSON's number grammar is narrower
// than its from_chars (which takes `01`, `.5`, `5.`, `inf`), so the bridge checked the integer
// part and the digit after the point again. Decoding canada.json then took 10.6% longer and
// mesh.json 17.6% longer (release FastMapBenchmarks `--filter "decode models" --loop
// FastJSONDecoder 1`, one core, the best of six alternated runs; callgrind: 9.0% and 10.6% more
// instructions a decode). from_chars alone took 16% more instructions a real than these tiers.

extern const uint64_t fm_pow5_128[][2];

static const double exact_powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// w * 10^q for w != 0 and q in [-342, 308]. Returns 0 when the result is subnormal, infinite,
// or not decidable from 128 bits of the power (strtod then decides).
static int eisel_lemire(uint64_t w, int64_t q, int negative, double *out) {
    int lz = __builtin_clzll(w);
    w <<= lz;
    const uint64_t *power = fm_pow5_128[q + 342];
    __uint128_t first = (__uint128_t)w * power[0];
    uint64_t high = (uint64_t)(first >> 64), low = (uint64_t)first;
    // Only the top 55 bits matter; when the bits below them are all ones a carry from the
    // lower half of the power could still reach them.
    if ((high & 0x1FF) == 0x1FF) {
        uint64_t second = (uint64_t)(((__uint128_t)w * power[1]) >> 64);
        low += second;
        if (second > low) high++;
    }
    // 5^q fits the 128 bits exactly for q in [-27, 55]; elsewhere this product is ambiguous.
    if (low == UINT64_MAX && (q < -27 || q > 55)) return 0;
    int upper = (int)(high >> 63);
    int shift = upper + 64 - 52 - 3;
    uint64_t mantissa = high >> shift;
    int64_t power2 = ((((152170 + 65536) * q) >> 16) + 63) + upper - lz + 1023;
    if (power2 <= 0) return 0;
    // An exact halfway case can only arise for small q: round it to even.
    if (low <= 1 && q >= -4 && q <= 23 && (mantissa & 3) == 1 && (mantissa << shift) == high)
        mantissa &= ~(uint64_t)1;
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if (mantissa >= ((uint64_t)2 << 52)) {
        mantissa = (uint64_t)1 << 52;
        power2++;
    }
    mantissa &= ~((uint64_t)1 << 52);
    if (power2 >= 0x7FF) return 0;
    uint64_t bits = mantissa | ((uint64_t)power2 << 52) | ((uint64_t)negative << 63);
    memcpy(out, &bits, sizeof bits);
    return 1;
}

static int slow_double(const char *text, size_t length, double *out) {
    char small[128];
    char *buffer = length < sizeof small ? small : malloc(length + 1);
    if (!buffer) return 0;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
    *out = strtod(buffer, NULL);
    if (buffer != small) free(buffer);
    return 1;
}

// The digits before the exponent as one integer and the power of ten of the last one: what
// the tiers below read, gathered by scan_json_number.
typedef struct decimal {
    const char *digits;        // the first digit
    const char *mantissa_end;  // just past the last digit of the fraction
    uint64_t w;                // the digits as an integer (wrapped past 19 of them)
    size_t digit_count;        // digits in the integer part and the fraction
    int64_t exponent;
    int negative;
    int is_integer;  // no fraction and no exponent
} decimal;

// The significant digits of the mantissa: leading zeros do not count, trailing ones do. Up to 19
// of them, w holds them exactly (only a long text needs this count; a short one's w tells it).
static size_t significant_digits(const decimal *d) {
    size_t significant = 0;
    int seen = 0;
    for (const char *p = d->digits; p < d->mantissa_end; p++) {
        if (*p == '.') continue;
        if (*p != '0') seen = 1;
        if (seen) significant++;
    }
    return significant;
}

// w * 10^exponent, correctly rounded, by the two fast tiers; 0 when neither decides (strtod then
// reads the text).
static int fast_double(uint64_t w, int64_t exponent, int negative, double *out) {
    if (w == 0) {
        *out = negative ? -0.0 : 0.0;
        return 1;
    }
    if (w <= ((uint64_t)1 << 53) && exponent >= -22 && exponent <= 22) {
        double value = (double)w;
        value = exponent < 0 ? value / exact_powers[-exponent] : value * exact_powers[exponent];
        *out = negative ? -value : value;
        return 1;
    }
    return exponent >= -342 && exponent <= 308 && eisel_lemire(w, exponent, negative, out);
}

// w * 10^exponent, correctly rounded, for digits scanned from text (which strtod reads when
// the fast tiers cannot decide).
static int decimal_to_double(const decimal *d, const char *text, size_t length, double *out) {
    // Past 19 significant digits w has overflowed.
    if (d->digit_count > 19 && significant_digits(d) > 19) return slow_double(text, length, out);
    return fast_double(d->w, d->exponent, d->negative, out) || slow_double(text, length, out);
}

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

// RFC 8259's grammar, -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, checked while the digits
// are gathered: the one pass the simdjson engine makes over a number's text.
static int scan_json_number(const char *text, size_t length, decimal *d) {
    const char *p = text, *end = text + length;
    d->negative = p < end && *p == '-';
    if (d->negative) p++;
    d->digits = p;
    d->w = 0;
    if (p < end && *p == '0') {
        p++;
    } else if (p < end && (unsigned)(*p - '1') < 9) {
        p = gather_digits(p, end, &d->w);
    } else {
        return 0;
    }
    d->digit_count = (size_t)(p - d->digits);
    d->exponent = 0;
    d->is_integer = 1;
    if (p < end && *p == '.') {
        const char *fraction = ++p;
        p = gather_digits(p, end, &d->w);
        if (p == fraction) return 0;
        d->exponent = -(int64_t)(p - fraction);
        d->digit_count += (size_t)(p - fraction);
        d->is_integer = 0;
    }
    d->mantissa_end = p;
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        int negative = p < end && *p == '-';
        if (p < end && (*p == '+' || *p == '-')) p++;
        const char *digits = p;
        int64_t written = 0;
        while (p < end && (unsigned)(*p - '0') < 10) {
            // Saturate: anything this large is out of range either way.
            if (written < 1000000) written = written * 10 + (*p - '0');
            p++;
        }
        if (p == digits) return 0;  // an exponent needs a digit
        d->exponent += negative ? -written : written;
        d->is_integer = 0;
    }
    return p == end;
}

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

// The builders' one pass over a number token. A real is kept as its text, so only its grammar
// is checked here, a run of digits at a time: gathering its digits as scan_json_number does
// was a third of parsing canada.json (a check with scan_json_number, then a second scan for
// the integer part: 108 instructions for each of its 17-byte coordinates).
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

double fm_number_cell_double(const unsigned char *bytes, size_t length) {
    // Straight from the scan to the double: decoding canada.json reads 111,080 of these.
    const char *text = (const char *)bytes;
    decimal d;
    // Not a JSON number: a JSON5 token (`Infinity`, `00`) kept as written for its reader.
    if (!scan_json_number(text, length, &d)) return NAN;
    // A number cell holds an integer text only for `-0` (the double -0.0) and for integers
    // beyond 64 bits, which no double holds exactly.
    if (d.is_integer) return length == 2 && text[0] == '-' && text[1] == '0' ? -0.0 : NAN;
    double value;
    if (!decimal_to_double(&d, text, length, &value)) return NAN;  // out of memory
    return isinf(value) ? NAN : value;
}

size_t fm_decimal_cell_text(uint64_t tag, uint64_t digits, unsigned char *out) {
    unsigned fraction = (unsigned)(tag >> FM_CELL_FRACTION_SHIFT) & 0xFF;
    unsigned count = (unsigned)(tag >> FM_CELL_DIGITS_SHIFT) & 0xFF;
    size_t length = (tag >> FM_CELL_NEGATIVE_SHIFT & 1) + count + 1;
    unsigned char *p = out + length;
    // The digits from the last, the leading zeros the integer does not hold included.
    for (unsigned written = 0; written < count; written++) {
        if (written == fraction) *--p = '.';
        *--p = (unsigned char)('0' + digits % 10);
        digits /= 10;
    }
    if (p > out) *--p = '-';
    return length;
}

double fm_decimal_cell_double(uint64_t tag, uint64_t digits) {
    // decimal_to_double's tiers, for digits read once at parse time (canada.json's decode converts
    // 111,080 of these): strtod only for what they cannot decide, from the text written back.
    unsigned fraction = (unsigned)(tag >> FM_CELL_FRACTION_SHIFT) & 0xFF;
    double value;
    if (fast_double(digits, -(int64_t)fraction, (int)(tag >> FM_CELL_NEGATIVE_SHIFT & 1), &value)) return value;
    unsigned char text[FM_DECIMAL_TEXT_CAPACITY];
    size_t length = fm_decimal_cell_text(tag, digits, text);
    return slow_double((const char *)text, length, &value) ? value : NAN;
}
