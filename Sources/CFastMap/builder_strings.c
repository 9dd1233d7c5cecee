#define _GNU_SOURCE  // memrchr
#include "builder_strings.h"

#include <stdlib.h>
#include <string.h>

// String and key tokens: the bytes the builder stores, with escapes decoded again where yajl
// gets them wrong (UTF-16 surrogates) and UTF-8 checked strictly.

static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static unsigned read_hex4(const unsigned char *p) {
    return (unsigned)(hex_value(p[0]) << 12 | hex_value(p[1]) << 8 | hex_value(p[2]) << 4 |
                      hex_value(p[3]));
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
                unsigned code = read_hex4(raw + i);
                i += 4;
                if (code >= 0xDC00 && code <= 0xDFFF) {
                    fm_builder_fail(b, FM_ERROR_INVALID_UNICODE,
                              "Unable to convert hex escape sequence (no high character) to "
                              "UTF8-encoded character.");
                    free(out);
                    return NULL;
                }
                if (code >= 0xD800 && code <= 0xDBFF) {
                    unsigned low = 0;
                    if (i + 6 <= raw_length && raw[i] == '\\' && raw[i + 1] == 'u')
                        low = read_hex4(raw + i + 2);
                    if (low < 0xDC00 || low > 0xDFFF) {
                        fm_builder_fail(b, FM_ERROR_INVALID_UNICODE,
                                  "Unable to convert hex escape sequence (no low character) "
                                  "to UTF8-encoded character.");
                        free(out);
                        return NULL;
                    }
                    i += 6;
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
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
    size_t end = yajl_get_bytes_consumed(b->handle);
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
