#include "fastmap_escape.h"
#include "words.h"

#include <string.h>

#if defined(FM_SSE2)
#include <emmintrin.h>
#endif

// Escaping a string: the runs that need no escape are found a word at a time and copied whole.
// Bytes 0x80 and above (UTF-8 sequences) and DEL need no escape.

static inline int needs_escape(uint8_t byte, int escape_slash) {
    return byte < 0x20 || byte == '"' || byte == '\\' || (byte == '/' && escape_slash);
}

// The length of the longest prefix of bytes[0 ..< length] that JSON text holds as is: the index
// of the first `"`, `\`, byte below 0x20 or (with `escape_slash`) `/`; `length` when there is
// none. Never reads past `length`.
static size_t clean_prefix(const uint8_t *bytes, size_t length, int escape_slash) {
    size_t i = 0;
#if defined(FM_SSE2)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    // Without slash escaping the slash test repeats the quote test.
    const __m128i slash = _mm_set1_epi8(escape_slash ? '/' : '"');
    const __m128i highest_control = _mm_set1_epi8(0x1F);
    for (; i + 16 <= length; i += 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + i));
        // Unsigned chunk <= 0x1F: the minimum with 0x1F is the byte itself.
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(chunk, highest_control), chunk);
        __m128i marks = _mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash));
        marks = _mm_or_si128(marks, _mm_or_si128(control, _mm_cmpeq_epi8(chunk, slash)));
        int mask = _mm_movemask_epi8(marks);
        if (mask != 0) return i + (size_t)__builtin_ctz((unsigned)mask);
    }
#endif
    // Eight bytes at a time: a byte is zero in (word ^ pattern) where it matches. The zero-byte
    // test flags no word without a match (a borrow only starts at a real one), and a flagged
    // word is then read byte by byte below.
    for (; i + 8 <= length; i += 8) {
        uint64_t word = fm_load_word(bytes + i);
        uint64_t found = fm_word_has_byte_below(word, 0x20);
        found |= fm_word_has_byte(word, '"') | fm_word_has_byte(word, '\\');
        if (escape_slash) found |= fm_word_has_byte(word, '/');
        if (found != 0) break;
    }
    while (i < length && !needs_escape(bytes[i], escape_slash)) i++;
    return i;
}

static const char hex_digits[] = "0123456789abcdef";

size_t fm_json_escape(const uint8_t *bytes, size_t length, int escape_slash, uint8_t *out) {
    size_t written = 0;
    size_t i = 0;
    while (i < length) {
        size_t clean = clean_prefix(bytes + i, length - i, escape_slash);
        memcpy(out + written, bytes + i, clean);
        written += clean;
        i += clean;
        if (i >= length) break;
        uint8_t byte = bytes[i++];
        out[written++] = '\\';
        switch (byte) {
        case '"': out[written++] = '"'; break;
        case '\\': out[written++] = '\\'; break;
        case '/': out[written++] = '/'; break;
        case 0x08: out[written++] = 'b'; break;
        case 0x0C: out[written++] = 'f'; break;
        case 0x0A: out[written++] = 'n'; break;
        case 0x0D: out[written++] = 'r'; break;
        case 0x09: out[written++] = 't'; break;
        default:
            out[written++] = 'u';
            out[written++] = '0';
            out[written++] = '0';
            out[written++] = (uint8_t)hex_digits[byte >> 4];
            out[written++] = (uint8_t)hex_digits[byte & 0x0F];
        }
    }
    return written;
}
