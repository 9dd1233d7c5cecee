#include "digits.h"
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
    unsigned fraction = (unsigned)(tag >> FM_CELL_FRACTION_SHIFT) & FM_CELL_DECIMAL_FIELD_MASK;
    unsigned count = (unsigned)(tag >> FM_CELL_DIGITS_SHIFT) & FM_CELL_DECIMAL_FIELD_MASK;
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
    unsigned fraction = (unsigned)(tag >> FM_CELL_FRACTION_SHIFT) & FM_CELL_DECIMAL_FIELD_MASK;
    double value;
    if (fast_double(digits, -(int64_t)fraction, (int)(tag >> FM_CELL_NEGATIVE_SHIFT & 1), &value)) return value;
    unsigned char text[FM_DECIMAL_TEXT_CAPACITY];
    size_t length = fm_decimal_cell_text(tag, digits, text);
    return slow_double((const char *)text, length, &value) ? value : NAN;
}
