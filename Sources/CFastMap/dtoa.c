#include "fastmap_dtoa.h"
#include "words.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

// Double and float to text: the shortest decimal that reads back as the same value, the one
// closest to it when several are that short, spelled as Swift's `description` spells it.
//
// The digits come from Schubfach (Raffaello Giulietti, "The Schubfach way to render doubles",
// 2020), written here from the paper's description. For v = c * 2^q, the rounding interval
// has bounds (4c - 2) * 2^(q-2) and (4c + 2) * 2^(q-2) (4c - 1 below the first value of a
// binade, where the gap below is half as wide), included when c is even (round-half-even
// reads a midpoint back to the even neighbour). k is chosen so that 10^k is at most the
// interval's width: then at most one multiple of 10^(k+1) and at least one multiple of 10^k
// lie in it. The three quantities v, lower bound and upper bound are each scaled by 4 * 10^-k
// with one 64x128-bit product, rounded to odd (the lowest bit says "inexact"), which keeps
// every comparison with a multiple of 4 exact. The paper proves the fractions of these
// products, when not zero, stay far enough from 0 and 1 for a 126-bit power of ten; the
// table here has 128 bits, so its error is smaller and the same proof holds.
//
// The spelling follows Swift's runtime: exponential form ("1e-05", "1.5e+16") below 1e-4 and
// above 2^53 (2^24 for a float), where integers stop being exact; decimal form elsewhere, with
// ".0" after an integral value.

extern const uint64_t fm_dtoa_pow10_negative[292][2];  // 10^-292 ... 10^-1
extern const uint64_t fm_dtoa_pow10_positive[325][2];  // 10^0 ... 10^324

// The scaled 10^p for p in [-292, 324], from the table of its sign.
static inline const uint64_t *pow10_entry(int p) {
    return p < 0 ? fm_dtoa_pow10_negative[p + 292] : fm_dtoa_pow10_positive[p];
}

static const char digit_pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                     "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                     "8081828384858687888990919293949596979899";

typedef struct decimal {
    uint64_t digits;      // significand
    int exponent;         // value = digits * 10^exponent
    int trailing_zeros;   // whether digits may end in zeros (only a rounded-to-10 candidate can)
} decimal;

// floor(g * cp / 2^128) for the 128-bit g = {high, low}, its lowest bit set when the
// fraction's top 64 bits are not all zero. The bits below those only ever hold the error of
// g (under 2^-68 of a unit), so an exact product keeps its lowest bit as computed.
static inline uint64_t scaled_round_to_odd(const uint64_t g[2], uint64_t cp) {
    __uint128_t high = (__uint128_t)g[0] * cp;
    __uint128_t low = (__uint128_t)g[1] * cp;
    __uint128_t middle = (__uint128_t)(uint64_t)high + (uint64_t)(low >> 64);
    uint64_t integer = (uint64_t)(high >> 64) + (uint64_t)(middle >> 64);
    return integer | ((uint64_t)middle != 0);
}

// The shortest, then closest, decimal in the rounding interval of c * 2^q (`asymmetric`: c is
// the first significand of a binade above the smallest, so the gap below is half as wide).
static inline __attribute__((always_inline)) decimal shortest_decimal(uint64_t c, int q, int asymmetric) {
    uint64_t out = c & 1;  // 1 when the bounds are excluded
    uint64_t cb = c << 2;
    uint64_t cbr = cb + 2;
    uint64_t cbl;
    int k;
    // floor(q * log10(2)) and floor(q * log10(2) + log10(3/4)), exact for |q| < 1100 (checked
    // against exact arithmetic when the constants were chosen).
    if (!asymmetric) {
        cbl = cb - 2;
        k = (q * 315653) >> 20;
    } else {
        cbl = cb - 1;
        k = (q * 315653 - 131237) >> 20;
    }
    // h in [1, 4] makes g * (cb << h) / 2^128 equal to cb * 2^q * 10^-k; floor(p * log2(10)) is
    // exact for |p| < 330.
    int h = q + ((-k * 1741647) >> 19) + 1;
    const uint64_t *g = pow10_entry(-k);
    uint64_t vb = scaled_round_to_odd(g, cb << h);
    uint64_t vbl = scaled_round_to_odd(g, cbl << h);
    uint64_t vbr = scaled_round_to_odd(g, cbr << h);

    uint64_t s = vb >> 2;  // floor(v / 10^k)
    // One digit fewer: the multiples of 10^(k+1) around v, of which at most one is inside.
    // (With s below 10 both would be 0 and 10, not shorter than s. Java's renderer, the
    // paper's own, skips this step below 100 to keep two digits; Swift keeps one: 5e-324.)
    if (s >= 10) {
        uint64_t sp10 = s / 10 * 10;
        uint64_t tp10 = sp10 + 10;
        int lower_inside = vbl + out <= sp10 << 2;
        int upper_inside = (tp10 << 2) + out <= vbr;
        if (lower_inside != upper_inside) return (decimal){lower_inside ? sp10 : tp10, k, 1};
    }
    // Otherwise s or s + 1, whichever is inside; when both are, the closer one (the even one
    // on a tie).
    uint64_t t = s + 1;
    int s_inside = vbl + out <= s << 2;
    int t_inside = (t << 2) + out <= vbr;
    // Neither is a multiple of 10 unless s < 10 (t = 10): a multiple of 10 inside the interval
    // would have been taken above.
    if (s_inside != t_inside) return (decimal){s_inside ? s : t, k, s < 10};
    uint64_t midpoint = (s + t) << 1;
    int take_s = vb < midpoint || (vb == midpoint && (s & 1) == 0);
    return (decimal){take_s ? s : t, k, s < 10};
}

static inline void strip_trailing_zeros(decimal *d) {
    if (!d->trailing_zeros) return;
    while (d->digits % 10000 == 0) {
        d->digits /= 10000;
        d->exponent += 4;
    }
    while (d->digits % 10 == 0) {
        d->digits /= 10;
        d->exponent += 1;
    }
}

// The number of decimal digits of v > 0: the bit length times log10(2) is the count or one
// less.
static inline int digit_count(uint64_t v) {
    int bits = 64 - __builtin_clzll(v);
    int guess = (bits * 1233) >> 12;
    return guess + (v >= fm_powers_of_ten[guess]);
}

// Writes the eight digits of v < 10^8, with leading zeros, as four independent pairs.
static inline void write_eight_digits(char *dst, uint32_t v) {
    uint32_t high = v / 10000;
    uint32_t low = v - high * 10000;
    uint32_t a = high / 100, b = high - a * 100, c = low / 100, d = low - c * 100;
    memcpy(dst, digit_pairs + 2 * a, 2);
    memcpy(dst + 2, digit_pairs + 2 * b, 2);
    memcpy(dst + 4, digit_pairs + 2 * c, 2);
    memcpy(dst + 6, digit_pairs + 2 * d, 2);
}

// Writes the `count` digits of v to dst[0 ..< count]: eight at a time from the end (short
// dependency chains), then the leading ones two at a time.
static inline void write_digits(char *dst, uint64_t v, int count) {
    char *end = dst + count;
    while (count > 8) {
        uint64_t quotient = v / 100000000;
        write_eight_digits(end - 8, (uint32_t)(v - quotient * 100000000));
        v = quotient;
        end -= 8;
        count -= 8;
    }
    uint32_t w = (uint32_t)v;
    if (count == 8) {
        write_eight_digits(end - 8, w);
        return;
    }
    while (w >= 100) {
        uint32_t quotient = w / 100;
        end -= 2;
        memcpy(end, digit_pairs + 2 * (w - quotient * 100), 2);
        w = quotient;
    }
    if (w >= 10) {
        memcpy(end - 2, digit_pairs + 2 * w, 2);
    } else {
        end[-1] = (char)('0' + w);
    }
}

// Spells digits * 10^exponent as Swift's description does, after the sign.
static inline __attribute__((always_inline)) size_t spell(char *out, int negative, decimal d, int exponential, int drop_zero_fraction) {
    char *p = out;
    if (negative) *p++ = '-';
    strip_trailing_zeros(&d);
    int count = digit_count(d.digits);
    int point = count + d.exponent;  // value = 0.DIGITS * 10^point
    if (point < -3 || exponential) {
        // d.ddde+XX: the digits one place right, then the first moved before the point.
        write_digits(p + 1, d.digits, count);
        p[0] = p[1];
        if (count > 1) {
            p[1] = '.';
            p += count + 1;
        } else {
            p += 1;
        }
        int power = point - 1;
        *p++ = 'e';
        *p++ = power < 0 ? '-' : '+';
        if (power < 0) power = -power;
        if (power >= 100) {
            *p++ = (char)('0' + power / 100);
            power %= 100;
        }
        memcpy(p, digit_pairs + 2 * power, 2);
        p += 2;
    } else if (point <= 0) {
        // 0.000ddd (at most three zeros after the point).
        *p++ = '0';
        *p++ = '.';
        memset(p, '0', (size_t)-point);
        p += -point;
        write_digits(p, d.digits, count);
        p += count;
    } else if (point >= count) {
        // An integer: ddd000.0
        write_digits(p, d.digits, count);
        p += count;
        memset(p, '0', (size_t)(point - count));
        p += point - count;
        if (!drop_zero_fraction) {
            *p++ = '.';
            *p++ = '0';
        }
    } else {
        // ddd.ddd: the digits one place right, then the integer part (usually a few digits)
        // moved back one byte at a time. Byte loads of bytes just stored in pairs forward from
        // the store buffer; a wider load across several pair stores would stall until they
        // retire. The empty asm keeps the compiler from turning the loop into a memmove call.
        write_digits(p + 1, d.digits, count);
        for (int i = 0; i < point; i++) {
            char digit = p[i + 1];
            __asm__("" : "+r"(digit));
            p[i] = digit;
        }
        p[point] = '.';
        p += count + 1;
    }
    return (size_t)(p - out);
}

static size_t spell_zero(char *out, int negative, int drop_zero_fraction) {
    char *p = out;
    if (negative) *p++ = '-';
    *p++ = '0';
    if (!drop_zero_fraction) {
        *p++ = '.';
        *p++ = '0';
    }
    return (size_t)(p - out);
}

// Both binary formats are spelled by the same steps from their fields: `magnitude` is the
// value's bits without the sign (exponent field, then fraction field), `exponential_above` the
// magnitude of 2^(fraction bits + 1), past which integers stop being exact and Swift writes
// the exponential form.
static inline __attribute__((always_inline)) size_t format_binary(int negative, uint64_t magnitude,
                                                                  int fraction_bits, int exponent_bias,
                                                                  uint64_t exponential_above, char *out,
                                                                  int drop_zero_fraction) {
    int biased = (int)(magnitude >> fraction_bits);
    uint64_t fraction = magnitude & ((1ULL << fraction_bits) - 1);
    if (biased == 2 * exponent_bias + 1) return 0;  // an all-ones exponent: infinity or NaN
    if (magnitude == 0) return spell_zero(out, negative, drop_zero_fraction);
    int min_exponent = 1 - exponent_bias - fraction_bits;  // of the smallest subnormal
    decimal d = biased == 0 ? shortest_decimal(fraction, min_exponent, 0)
                            : shortest_decimal(fraction | (1ULL << fraction_bits), biased + min_exponent - 1,
                                               fraction == 0 && biased > 1);
    return spell(out, negative, d, magnitude > exponential_above, drop_zero_fraction);
}

size_t fm_format_double(double value, char *out, int drop_zero_fraction) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return format_binary((int)(bits >> 63), bits & ~(1ULL << 63), 52, 1023, 0x4340000000000000ULL, out,
                         drop_zero_fraction);
}

size_t fm_format_float(float value, char *out, int drop_zero_fraction) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return format_binary((int)(bits >> 31), bits & ~(1U << 31), 23, 127, 0x4B800000U, out, drop_zero_fraction);
}

size_t fm_format_double_list(const double *values, size_t count, int leading_comma, char *out, size_t capacity,
                             size_t *written) {
    size_t length = 0;
    size_t index = 0;
    for (; index < count; index++) {
        double value = values[index];
        if (!isfinite(value) || length + 1 + FM_FLOAT_TEXT_CAPACITY > capacity) break;
        if (index > 0 || leading_comma) out[length++] = ',';
        length += fm_format_double(value, out + length, 1);
    }
    *written = index;
    return length;
}

size_t fm_format_integer_list(const intptr_t *values, size_t count, int leading_comma, char *out, size_t capacity,
                              size_t *written) {
    size_t length = 0;
    size_t index = 0;
    for (; index < count && length + 1 + FM_INTEGER_TEXT_CAPACITY <= capacity; index++) {
        if (index > 0 || leading_comma) out[length++] = ',';
        int64_t value = (int64_t)values[index];
        // The magnitude as unsigned, so that INT64_MIN's has no signed overflow.
        uint64_t magnitude = (uint64_t)value;
        if (value < 0) {
            out[length++] = '-';
            magnitude = 0 - magnitude;
        }
        int digits = magnitude == 0 ? 1 : digit_count(magnitude);  // digit_count needs v > 0
        write_digits(out + length, magnitude, digits);
        length += (size_t)digits;
    }
    *written = index;
    return length;
}
