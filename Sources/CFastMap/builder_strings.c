#define _GNU_SOURCE  // memrchr
#include "builder_strings.h"

#include <stdlib.h>
#include <string.h>

#if defined(FM_SSE2)
#include <emmintrin.h>
#endif

// String and key tokens: the bytes the builder stores. yajl's come decoded, and are decoded
// again where yajl gets them wrong (UTF-16 surrogates) and their UTF-8 checked strictly;
// simdjson's come raw, their UTF-8 checked by its first pass, and are decoded here.

static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Four hex digits at p (at least 4 bytes readable), or -1.
static long hex4(const unsigned char *p) {
    long value = 0;
    for (int i = 0; i < 4; i++) {
        int digit = hex_value(p[i]);
        if (digit < 0) return -1;
        value = value << 4 | digit;
    }
    return value;
}

size_t fm_put_utf8(unsigned char *out, unsigned code) {
    if (code < 0x80) {
        out[0] = (unsigned char)code;
        return 1;
    }
    if (code < 0x800) {
        out[0] = (unsigned char)(0xC0 | (code >> 6));
        out[1] = (unsigned char)(0x80 | (code & 0x3F));
        return 2;
    }
    if (code < 0x10000) {
        out[0] = (unsigned char)(0xE0 | (code >> 12));
        out[1] = (unsigned char)(0x80 | ((code >> 6) & 0x3F));
        out[2] = (unsigned char)(0x80 | (code & 0x3F));
        return 3;
    }
    out[0] = (unsigned char)(0xF0 | (code >> 18));
    out[1] = (unsigned char)(0x80 | ((code >> 12) & 0x3F));
    out[2] = (unsigned char)(0x80 | ((code >> 6) & 0x3F));
    out[3] = (unsigned char)(0x80 | (code & 0x3F));
    return 4;
}

// yajl pairs any \uD8xx with whatever \u follows it and turns a lone high surrogate into '?'.
// For tokens with \u escapes we decode the raw text again, pairing surrogates properly and
// rejecting lone ones as Foundation does. `raw` is the text between the quotes, already
// checked by yajl's lexer (escapes well formed). Returns a malloc'd buffer or NULL.
static unsigned char *decode_escapes(fm_builder *b, const unsigned char *raw, size_t raw_length,
                                     size_t *out_length) {
    unsigned char *out = malloc(raw_length + 1);
    if (!out) {
        fm_builder_fail_out_of_memory(b);
        return NULL;
    }
    size_t n = 0;
    for (size_t i = 0; i < raw_length;) {
        unsigned char c = raw[i];
        if (c != '\\') {
            out[n++] = c;
            i++;
            continue;
        }
        unsigned char e = raw[i + 1];
        i += 2;
        switch (e) {
            case 'b': out[n++] = '\b'; break;
            case 'f': out[n++] = '\f'; break;
            case 'n': out[n++] = '\n'; break;
            case 'r': out[n++] = '\r'; break;
            case 't': out[n++] = '\t'; break;
            case 'u': {
                unsigned code = (unsigned)hex4(raw + i);  // four hex digits: yajl checked them
                i += 4;
                if (code >= 0xDC00 && code <= 0xDFFF) {
                    fm_builder_fail(b, FM_ERROR_INVALID_UNICODE,
                              "Unable to convert hex escape sequence (no high character) to "
                              "UTF8-encoded character.");
                    free(out);
                    return NULL;
                }
                if (code >= 0xD800 && code <= 0xDBFF) {
                    long low = 0;
                    if (i + 6 <= raw_length && raw[i] == '\\' && raw[i + 1] == 'u') low = hex4(raw + i + 2);
                    if (low < 0xDC00 || low > 0xDFFF) {
                        fm_builder_fail(b, FM_ERROR_INVALID_UNICODE,
                                  "Unable to convert hex escape sequence (no low character) "
                                  "to UTF8-encoded character.");
                        free(out);
                        return NULL;
                    }
                    i += 6;
                    code = 0x10000 + ((code - 0xD800) << 10) + (unsigned)(low - 0xDC00);
                }
                n += fm_put_utf8(out + n, code);
                break;
            }
            default: out[n++] = e; break;  // \" \\ \/
        }
    }
    *out_length = n;
    return out;
}

// Finds the raw text of the string token yajl just reported, when it lies in the current input.
static int raw_token_in_input(fm_builder *b, const unsigned char **raw, size_t *raw_length) {
    size_t end = fm_builder_consumed(b);
    if (end < 2 || end > b->input_length || b->input[end - 1] != '"') return 0;
    // Scanning backwards, the opening quote is the first one preceded by an even number of
    // backslashes: an escaped quote always has an odd number. memrchr jumps from quote to quote
    // (long prose with a few escapes was scanned a byte at a time before).
    for (size_t q = end - 1; q > 0;) {
        const unsigned char *quote = memrchr(b->input, '"', q);
        if (!quote) break;
        q = (size_t)(quote - b->input);
        size_t slashes = 0;
        while (q > slashes && b->input[q - 1 - slashes] == '\\') slashes++;
        if (slashes % 2 == 0) {
            *raw = b->input + q + 1;
            *raw_length = end - 1 - (q + 1);
            return 1;
        }
    }
    return 0;
}

static int raw_token(fm_builder *b, const unsigned char **raw, size_t *raw_length,
                     size_t *raw_offset, unsigned char **owned) {
    *owned = NULL;
    if (b->raw_lookup) return b->raw_lookup(b, raw, raw_length, raw_offset, owned);
    if (!raw_token_in_input(b, raw, raw_length)) return 0;
    *raw_offset = b->offset_base + (size_t)(*raw - b->input);
    return 1;
}

// yajl decodes every escape correctly except UTF-16 surrogates (\uD800-\uDFFF), so only
// tokens holding one of those are decoded again.
static int contains_unicode_escape(const unsigned char *raw, size_t length) {
    for (size_t i = 0; i + 2 < length;) {
        const unsigned char *backslash = memchr(raw + i, '\\', length - 2 - i);
        if (!backslash) return 0;
        i = (size_t)(backslash - raw);
        if (raw[i + 1] == 'u' && (raw[i + 2] == 'd' || raw[i + 2] == 'D') && i + 3 < length) {
            unsigned char c = raw[i + 3];
            if ((c >= '8' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) return 1;
        }
        i += 2;  // the escaped character is never the start of another escape
    }
    return 0;
}

// Produces the final bytes of a string or key token. *owned is set when the result must be
// freed. Returns 0 on error.
int fm_builder_string_bytes(fm_builder *b, const unsigned char *text, size_t length,
                            const unsigned char **result, size_t *result_length,
                            unsigned char **owned) {
    *owned = NULL;
    int in_input = text >= b->input && text <= b->input + b->input_length;
    // Where text[0] is in the input, when text is the raw token itself (for error offsets).
    size_t exact = in_input ? b->offset_base + (size_t)(text - b->input) : SIZE_MAX;
    if (!in_input) {
        // yajl decoded escapes (or joined a token split across inputs) into its own buffer;
        // redo \u escapes from the raw text.
        const unsigned char *raw;
        size_t raw_length, raw_offset;
        unsigned char *assembled = NULL;
        if (raw_token(b, &raw, &raw_length, &raw_offset, &assembled)) {
            if (raw_length == length) exact = raw_offset;  // no escapes: decoded == raw
            if (contains_unicode_escape(raw, raw_length)) {
                *owned = decode_escapes(b, raw, raw_length, result_length);
                free(assembled);
                if (!*owned) return 0;
                text = *owned;
                length = *result_length;
            } else {
                free(assembled);
            }
        } else if (b->error->kind != FM_OK) {
            return 0;  // the lookup itself failed (out of memory)
        }
    }
    size_t bad = fm_utf8_validate(text, length);
    if (bad != length) {
        if (*owned) free(*owned);
        *owned = NULL;
        fm_builder_fail(b, FM_ERROR_SYNTAX, "invalid UTF-8 in string");
        if (exact != SIZE_MAX) b->error->offset = exact + bad;
        return 0;
    }
    *result = text;
    *result_length = length;
    return 1;
}

// MARK: - simdjson's string tokens

// The escape at raw[i] (a backslash; `length` bounds the text): the code point it stands for
// in *code and the bytes it takes (2, 6, or 12 for a surrogate pair), or 0 for anything yajl
// must judge: a malformed escape or a lone surrogate. Inlined into the decoder and the check:
// called out of line, it added a third to the decoding of twitter.json's escaped strings.
static inline __attribute__((always_inline)) size_t read_escape(const unsigned char *raw, size_t i, size_t length,
                                                          unsigned *code) {
    if (i + 1 >= length) return 0;
    switch (raw[i + 1]) {
        case '"': *code = '"'; return 2;
        case '\\': *code = '\\'; return 2;
        case '/': *code = '/'; return 2;
        case 'b': *code = '\b'; return 2;
        case 'f': *code = '\f'; return 2;
        case 'n': *code = '\n'; return 2;
        case 'r': *code = '\r'; return 2;
        case 't': *code = '\t'; return 2;
        case 'u': break;
        default: return 0;
    }
    long high = i + 6 <= length ? hex4(raw + i + 2) : -1;
    if (high < 0 || (high >= 0xDC00 && high <= 0xDFFF)) return 0;
    if (high < 0xD800 || high > 0xDBFF) {
        *code = (unsigned)high;
        return 6;
    }
    long low = i + 12 <= length && raw[i + 6] == '\\' && raw[i + 7] == 'u' ? hex4(raw + i + 8) : -1;
    if (low < 0xDC00 || low > 0xDFFF) return 0;
    *code = (unsigned)(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00));
    return 12;
}

// Copies `count` bytes (fewer than sixteen) from `from` down to `to`, which may overlap them
// (decoding over the text itself): both words are loaded before either is stored, shorter runs
// go a byte at a time from the front, and nothing past to[count - 1] is written.
static inline void copy_short(unsigned char *to, const unsigned char *from, size_t count) {
    if (count >= 8) {
        uint64_t head = fm_load_word(from), tail = fm_load_word(from + count - 8);
        fm_store_word(to, head);
        fm_store_word(to + count - 8, tail);
        return;
    }
    for (size_t k = 0; k < count; k++) to[k] = from[k];
}

// One block of the text between escapes, in decode_string: SSE2's sixteen bytes, or a word.
#if defined(FM_SSE2)
enum { DECODE_BLOCK = 16 };
#else
enum { DECODE_BLOCK = 8 };
#endif

// Decodes the raw text of a string (between its quotes) into out (room for `length` bytes: no
// escape decodes longer than it is written), which may be `raw` itself; `backslash` is the
// text's first. Returns the decoded length, or SIZE_MAX for anything yajl must judge: a
// malformed escape or a lone surrogate (raw control characters never reach here: simdjson's
// first pass rejects them, see fm_simdjson_string_bytes).
//
// Between escapes the text is copied a block at a time while the block holds no backslash, and
// a block is stored whole only when all of it lies before `length`: a store past the text would
// overwrite its closing quote. Over the text itself `out + n` stays below `raw + i` once an
// escape is decoded (each escape is longer than the bytes it decodes to), and each block is
// loaded before it is stored, so nothing is written before it is read. The loop replaced a
// memchr for the next backslash and a memmove of the run for each escape: gsoc-2018.json's
// prose holds 15,000 escapes, and those two calls were a fifth of its parse.
static size_t decode_string(const unsigned char *raw, size_t length, const unsigned char *backslash,
                            unsigned char *out) {
    size_t i = (size_t)(backslash - raw);
    if (out != raw) memcpy(out, raw, i);
    size_t n = i;
#if defined(FM_SSE2)
    const __m128i backslashes = _mm_set1_epi8('\\');
#endif
    for (;;) {
        // raw[i] is a backslash.
        unsigned code;
        size_t taken = read_escape(raw, i, length, &code);
        if (!taken) return SIZE_MAX;
        i += taken;
        if (code < 0x80) {
            out[n++] = (unsigned char)code;
        } else {
            n += fm_put_utf8(out + n, code);
        }
        // The run up to the next backslash, or to the end.
        for (;;) {
            size_t run;
            if (i + DECODE_BLOCK <= length) {
#if defined(FM_SSE2)
                __m128i block = _mm_loadu_si128((const __m128i *)(raw + i));
                unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, backslashes));
                if (!mask) {
                    _mm_storeu_si128((__m128i *)(out + n), block);
                    i += DECODE_BLOCK;
                    n += DECODE_BLOCK;
                    continue;
                }
                run = (size_t)__builtin_ctz(mask);
#else
                uint64_t word = fm_load_word(raw + i);
                uint64_t flagged = fm_word_has_byte(word, '\\');
                if (!flagged) {
                    fm_store_word(out + n, word);
                    i += DECODE_BLOCK;
                    n += DECODE_BLOCK;
                    continue;
                }
                run = fm_first_flagged(flagged);
#endif
            } else {
                // Fewer than a block's bytes are left: the end, or one more escape before it.
                const unsigned char *next = fm_simdjson_find_backslash(raw + i, length - i);
                run = next ? (size_t)(next - raw) - i : length - i;
            }
            copy_short(out + n, raw + i, run);
            i += run;
            n += run;
            break;
        }
        if (i == length) return n;
    }
}

// Out of line (fm_simdjson_string_valid, inline, calls it): few strings hold a backslash, and
// inlined it would make each skipped string's check bigger.
int fm_simdjson_escapes_valid(const unsigned char *raw, size_t length, const unsigned char *backslash) {
    while (backslash) {
        unsigned code;
        size_t i = (size_t)(backslash - raw);
        size_t taken = read_escape(raw, i, length, &code);
        if (!taken) return 0;
        i += taken;
        backslash = i < length ? memchr(raw + i, '\\', length - i) : NULL;
    }
    return 1;
}

// Text with escapes, decoded into the scratch buffer. simdjson's first pass has checked the
// UTF-8 of the whole text and rejected raw control characters inside strings, so only the
// escapes are left to judge.
const unsigned char *fm_simdjson_decode_escaped(fm_string_scratch *scratch, const unsigned char *raw,
                                                size_t length, const unsigned char *backslash,
                                                size_t *count) {
    if (length > scratch->capacity) {
        size_t capacity = scratch->capacity ? scratch->capacity : 256;
        while (capacity < length) capacity *= 2;
        unsigned char *grown = realloc(scratch->bytes, capacity);
        if (!grown) return NULL;
        scratch->bytes = grown;
        scratch->capacity = capacity;
    }
    *count = decode_string(raw, length, backslash, scratch->bytes);
    return *count == SIZE_MAX ? NULL : scratch->bytes;
}

const unsigned char *fm_simdjson_decode_over(unsigned char *raw, size_t length, const unsigned char *backslash,
                                             size_t *count) {
    *count = decode_string(raw, length, backslash, raw);
    return *count == SIZE_MAX ? NULL : raw;
}
