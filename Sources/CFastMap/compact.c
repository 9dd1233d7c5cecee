#include "builder_state.h"

#include <string.h>

// The text a yajl parse reads first: the document without the white space between its tokens.
// yajl's lexer spends as long on a byte of white space as on a byte of a token, and
// pretty-printed JSON is mostly indentation (citm_catalog.json: 71% of its bytes). Commas stay:
// trailing ones are left out of what yajl reads as in any text (fm_parse_yajl), here from a text
// about a third as long.
//
// Tokens never merge: white space is dropped only next to a structural byte or a quote; between
// two other bytes (`1 2`, `tr ue`) one space stays. Strings, escapes included, are copied as
// they are. So the compact text holds the same tokens in the same order, and is valid exactly
// when the text is; its offsets are not the text's, which is why a failed parse of it is
// followed by one of the text itself, for the error's words and place (fm_parse).
//
//     text     [1, 2 ,\n  {"a b": true},\n]
//     compact  [1,2,{"a b":true},]

// The end of the run of bytes copied as they are from in[i]: the next white space or control
// byte (all at or below a space) or quote.
static inline size_t run_end(const unsigned char *in, size_t i, size_t length) {
    while (i + 8 <= length) {
        uint64_t word = fm_load_word(in + i);
        uint64_t ends = fm_word_has_byte_below(word, 0x21) | fm_word_has_byte(word, '"');
        if (ends) return i + fm_first_flagged(ends);  // each mask's lowest flag is exact
        i += 8;
    }
    while (i < length && in[i] > ' ' && in[i] != '"') i++;
    return i;
}

// Moves `length` bytes from `from` down to `to` (at or before it). Runs between white space are
// short (`": "`, a key, a number): up to 16 bytes take two loads and two stores, read before
// anything is written, so overlap does not matter; memmove takes the rest.
static inline void move_down(unsigned char *to, const unsigned char *from, size_t length) {
    if (to == from) return;
    if (length >= 8 && length <= 16) {
        uint64_t first = fm_load_word(from), last = fm_load_word(from + length - 8);
        fm_store_word(to, first);
        fm_store_word(to + length - 8, last);
    } else if (length < 8) {
        for (size_t k = 0; k < length; k++) to[k] = from[k];
    } else {
        memmove(to, from, length);
    }
}

// Past the white space at in[i...]: indentation is a line break and a run of spaces, eight of
// which a word compare skips at once.
static inline size_t skip_white(const unsigned char *in, size_t i, size_t length) {
    for (;;) {
        while (i + 8 <= length) {
            uint64_t other = fm_load_word(in + i) ^ (FM_ONES * ' ');
            if (other) {
                i += fm_first_flagged(other);  // the first byte that is not a space
                break;
            }
            i += 8;
        }
        if (i < length && fm_is_json_space(in[i])) {
            i++;
            continue;
        }
        return i;
    }
}

// memchr jumps from quote to quote.
size_t fm_string_end(const unsigned char *in, size_t length, size_t open) {
    for (size_t i = open + 1; i < length;) {
        const unsigned char *quote = memchr(in + i, '"', length - i);
        if (!quote) break;
        size_t at = (size_t)(quote - in), slashes = 0;
        while (in[at - 1 - slashes] == '\\') slashes++;
        if (slashes % 2 == 0) return at + 1;
        i = at + 1;
    }
    return length;
}

// A byte that is part of a number, a literal or a mistake: one that needs a space to stay apart
// from the next such byte.
static inline int is_word(unsigned char c) {
    switch (c) {
        case '{': case '}': case '[': case ']': case ':': case ',': case '"': return 0;
        default: return !fm_is_json_space(c);
    }
}

int fm_compacting_pays(const unsigned char *text, size_t length) {
    size_t sampled = 0, spaces = 0;
    for (size_t k = 0; k < 4; k++) {
        size_t start = length / 4 * k;
        size_t end = length - start > 256 ? start + 256 : length;
        for (size_t i = start; i < end; i++) spaces += fm_is_json_space(text[i]);
        sampled += end - start;
    }
    return spaces > 0 && spaces * 3 >= sampled;
}

size_t fm_compact_text(const unsigned char *in, size_t length, unsigned char *out) {
    size_t i = 0, n = 0;
    while (i < length) {
        size_t run = run_end(in, i, length);
        move_down(out + n, in + i, run - i);
        n += run - i;
        i = run;
        if (i >= length) break;
        unsigned char c = in[i];
        if (c == '"') {
            size_t end = fm_string_end(in, length, i);
            move_down(out + n, in + i, end - i);
            n += end - i;
            i = end;
        } else if (fm_is_json_space(c)) {
            i = skip_white(in, i, length);
            if (n > 0 && i < length && is_word(out[n - 1]) && is_word(in[i])) out[n++] = ' ';
        } else {
            out[n++] = c;  // a control byte outside a string: yajl rejects it
            i++;
        }
    }
    return n;
}
