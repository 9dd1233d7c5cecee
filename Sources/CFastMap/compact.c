#include "builder.h"
#include "words.h"

#include <string.h>

// Pretty-printed JSON is mostly indentation (citm_catalog.json: 71% of its bytes), and yajl's
// lexer spends as long on a byte of white space as on a byte of a token. Dropping the white
// space first, in a pass that skips eight bytes at a time, leaves yajl a fraction of the text.
//
// Removing white space next to a structural character or a quote cannot change the tokens;
// between two other characters (`1 2`, `tr ue`) one space is kept so that tokens never merge.
// Until the first lexical error this pass splits strings exactly as yajl does, so the compact
// text is valid exactly when the original is; errors are reported from the original text.

static inline int is_word(unsigned char c) {
    switch (c) {
        case '{': case '}': case '[': case ']': case ':': case ',': case '"': return 0;
        default: return !fm_is_json_space(c);
    }
}

// The pass pays off when white space is a third of the text or more (about 6 instructions a
// byte against yajl's 15-20); four samples spread over the text decide.
int fm_worth_compacting(const unsigned char *bytes, size_t length) {
    size_t sampled = 0, spaces = 0;
    for (int k = 0; k < 4; k++) {
        size_t start = length / 4 * (size_t)k;
        size_t end = start + 256 < length ? start + 256 : length;
        for (size_t i = start; i < end; i++) spaces += fm_is_json_space(bytes[i]);
        sampled += end - start;
    }
    return spaces > 0 && spaces * 3 >= sampled;
}

// `out` needs length + 8 bytes: whole words are stored before knowing how much of them counts.
size_t fm_compact_json(const unsigned char *in, size_t length, unsigned char *out) {
    size_t i = 0, n = 0;
    while (i < length) {
        // Tokens outside strings are short (`": "`, `,`, numbers): byte by byte is cheapest.
        while (i < length && !fm_is_json_space(in[i]) && in[i] != '"') out[n++] = in[i++];
        if (i >= length) break;
        unsigned char c = in[i];
        if (c == '"') {
            out[n++] = c;
            i++;
            for (;;) {
                while (i + 8 <= length) {
                    uint64_t word = fm_load_word(in + i);
                    uint64_t mask = fm_word_has_byte(word, '"') | fm_word_has_byte(word, '\\');
                    fm_store_word(out + n, word);
                    if (!mask) {
                        i += 8;
                        n += 8;
                        continue;
                    }
                    size_t k = fm_first_flagged(mask);
                    i += k;
                    n += k;
                    break;
                }
                while (i < length && in[i] != '"' && in[i] != '\\') out[n++] = in[i++];
                if (i >= length) break;
                out[n++] = in[i++];
                if (in[i - 1] == '"') break;
                if (i < length) out[n++] = in[i++];  // the escaped byte
            }
        } else if (fm_is_json_space(c)) {
            // Indentation: a line break, then a run of spaces eight at a time.
            i++;
            for (;;) {
                while (i + 8 <= length) {
                    uint64_t other = fm_load_word(in + i) ^ (FM_ONES * ' ');
                    if (other) {
                        i += fm_first_flagged(other);
                        break;
                    }
                    i += 8;
                }
                if (i < length && fm_is_json_space(in[i])) {
                    i++;
                    continue;
                }
                break;
            }
            if (n > 0 && i < length && is_word(out[n - 1]) && is_word(in[i])) out[n++] = ' ';
        } else {
            out[n++] = c;  // a control byte outside a string: yajl will reject it
            i++;
        }
    }
    return n;
}
