#include "internal.h"

#include <stdlib.h>
#include <string.h>

// Decimal text -> double, correctly rounded (round to nearest, ties to even) like strtod, in
// one pass over the text. Three tiers: Clinger's fast path when the digits and the power of
// ten are both exact doubles; the Eisel-Lemire algorithm (Lemire, "Number Parsing at a
// Gigabyte per Second", 2021) for up to 19 significant digits; strtod for the rest (more
// digits, subnormal results, overflow and the rare products Eisel-Lemire cannot decide).

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

int fm_parse_double(const char *text, size_t length, double *out) {
    const char *p = text, *end = text + length;
    int negative = p < end && *p == '-';
    if (negative) p++;
    const char *digits_start = p;
    uint64_t w = 0;
    while (p < end && (unsigned)(*p - '0') < 10) w = w * 10 + (uint64_t)(*p++ - '0');
    size_t digit_count = (size_t)(p - digits_start);
    int64_t exponent = 0;
    if (p < end && *p == '.') {
        const char *fraction = ++p;
        while (p < end && (unsigned)(*p - '0') < 10) w = w * 10 + (uint64_t)(*p++ - '0');
        exponent = -(int64_t)(p - fraction);
        digit_count += (size_t)(p - fraction);
    }
    const char *mantissa_end = p;
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        int exponent_negative = 0;
        if (p < end && (*p == '+' || *p == '-')) exponent_negative = *p++ == '-';
        int64_t written = 0;
        while (p < end && (unsigned)(*p - '0') < 10) {
            // Saturate: anything this large is out of range either way.
            if (written < 1000000) written = written * 10 + (*p - '0');
            p++;
        }
        exponent += exponent_negative ? -written : written;
    }
    if (p != end) return slow_double(text, length, out);
    if (digit_count > 19) {
        // Leading zeros do not count; past 19 significant digits w has overflowed.
        size_t significant = 0;
        int seen = 0;
        for (const char *d = digits_start; d < mantissa_end; d++) {
            if (*d == '.') continue;
            if (*d != '0') seen = 1;
            if (seen) significant++;
        }
        if (significant > 19) return slow_double(text, length, out);
    }
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
    if (exponent >= -342 && exponent <= 308 && eisel_lemire(w, exponent, negative, out)) return 1;
    return slow_double(text, length, out);
}
