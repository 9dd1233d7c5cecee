#include "stream_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The whole-document decoder reads an "exceptional" real (NumberTextIndex.isExceptional in
// FastMapCore: more than 15 significant digits, a zero written with non-zero digits or an
// exponent, a magnitude beyond 1e90 or below 1e-90) from the input text, since its double does
// not tell its exact value. A streamed element has no input to go back to (its bytes may have
// spanned reader chunks long gone), so its numbers' text is kept while yajl reports them, in a
// list the element's document takes over: keyed by nodes the document keeps alive.
//
// Only a cheap test runs on every number; it lets through every exceptional real and few
// others (the Swift side applies the exact test).

// The position of the 'e' or 'E' of a number's text, or `length` when it has none. Searched
// from the end: an exponent has few digits.
static size_t exponent_position(const char *text, size_t length) {
    for (size_t i = length; i > 0; i--)
        if ((text[i - 1] | 0x20) == 'e') return i - 1;
    return length;
}

// Whether the text of a number longer than 15 bytes is a real's. Digits have bit 0x10 set;
// '.', 'e', 'E' and an exponent's sign have it clear (a leading '-' is skipped), so the bytes
// are AND-ed together, read as words (the last one overlapping the one before).
static int is_real_text(const char *text, size_t length) {
    uint64_t bits = ~(uint64_t)0, word;
    size_t i = text[0] == '-' ? 1 : 0;
    for (; i + 8 < length; i += 8) {
        memcpy(&word, text + i, sizeof word);
        bits &= word;
    }
    memcpy(&word, text + length - 8, sizeof word);  // length > 15: past the sign
    bits &= word;
    return (bits & 0x1010101010101010ULL) != 0x1010101010101010ULL;
}

// Whether a number token may be an exceptional real (fm_stream_build_number has already let
// the short ones without an exponent go). Integers (digits only) never are; reals
// of at most 15 characters without an exponent never are (too few digits, and too short to
// reach 1e90 or 1e-90 or to be a zero with non-zero digits). With an exponent, a real of 15
// characters or fewer is exceptional only when it is zero (every mantissa digit zero, or an
// underflow, which needs an exponent of 70 or more) or its exponent is at least 70 away from
// zero (its mantissa moves the magnitude by fewer than 15 powers of ten).
static int may_be_exceptional(const char *text, size_t length) {
    if (length > 15) return is_real_text(text, length);
    size_t e = exponent_position(text, length);
    // JSON has no leading zeros: a mantissa that starts with 1-9 is not zero.
    size_t m = text[0] == '-' ? 1 : 0;
    if (m < e && text[m] == '0') {  // m < e always holds for valid text; checked text may be `-`
        while (m < e && (text[m] == '0' || text[m] == '.')) m++;
        if (m == e) return 1;  // zero
    }
    size_t k = e + 1;
    if (k < length && (text[k] == '+' || text[k] == '-')) k++;
    size_t exponent = 0;
    for (; k < length; k++) {
        exponent = exponent * 10 + (size_t)(text[k] - '0');
        if (exponent >= 70) return 1;
    }
    return 0;
}

// Whether every container of the element being built stays in its tree: one that lost a
// duplicate-key race is freed at its end, and a node inside it must never be listed (its
// address could be reused by a later node).
static int all_attached(const fm_builder *b) {
    for (size_t d = 0; d < b->depth; d++)
        if (!b->stack[d].attached) return 0;
    return 1;
}

static int keep_text(fm_stream *s, const json_t *node, const char *text, size_t length) {
    if (!reserve((void **)&s->texts, &s->text_capacity, s->text_count + 1, sizeof *s->texts) ||
        !reserve((void **)&s->text_bytes, &s->text_bytes_capacity, s->text_bytes_length + length, 1))
        return 0;
    memcpy(s->text_bytes + s->text_bytes_length, text, length);
    s->texts[s->text_count++] = (fm_stream_number_text){node, s->text_bytes_length, length};
    s->text_bytes_length += length;
    return 1;
}

// `checked`: the text's grammar is not known good yet (simdjson windows): the builder checks it
// in the same pass as it reads the number (the cheap tests before it only read bytes in range).
static int build(fm_builder *b, const char *text, size_t length, int checked) {
    return checked ? fm_build_checked_number(b, text, length) : fm_build_number(b, text, length);
}

int fm_stream_build_number_slow(fm_stream *s, const char *text, size_t length, int checked) {
    fm_builder *b = &s->builder;
    // A sparse element's skipped number has no node: nothing to list (its key may even name a
    // member that was built, through an object skipped in between).
    if (b->sparse && (b->skip_depth || b->skip_value)) return build(b, text, length, checked);
    if (!may_be_exceptional(text, length)) return build(b, text, length, checked);
    json_t *parent = b->depth ? b->stack[b->depth - 1].node : NULL;
    // A repeated key loses to the first one: its number is never in the tree.
    if ((parent && json_is_object(parent) && json_object_getn(parent, b->member_key, b->key_length)) ||
        !all_attached(b))
        return build(b, text, length, checked);
    if (!build(b, text, length, checked)) return 0;
    const json_t *node = !parent                ? b->root
                         : json_is_array(parent) ? json_array_get(parent, json_array_size(parent) - 1)
                                                 : json_object_getn(parent, b->member_key, b->key_length);
    if (!node || !json_is_real(node)) return 1;
    // Numbers beyond Double's range are number-text nodes already, keeping their own text: the
    // only reals whose value is a NaN (fm_is_number_text), as jansson refuses NaN.
    double value = json_real_value(node);
    if (value != value) return 1;
    if (!keep_text(s, node, text, length)) return fm_builder_fail_out_of_memory(b);
    return 1;
}

void fm_stream_drop_texts(fm_stream *s) {
    if (s->element_texts >= s->text_count) return;
    s->text_bytes_length = s->texts[s->element_texts].start;
    s->text_count = s->element_texts;
}

void fm_stream_clear_texts(fm_stream *s) {
    if (s->text_count == 0) return;
    // An element that spans feeds has texts already; they move to the front.
    size_t kept = s->text_count - s->element_texts;
    size_t from = kept ? s->texts[s->element_texts].start : s->text_bytes_length;
    if (kept) {
        memmove(s->text_bytes, s->text_bytes + from, s->text_bytes_length - from);
        memmove(s->texts, s->texts + s->element_texts, kept * sizeof *s->texts);
    }
    for (size_t i = 0; i < kept; i++) s->texts[i].start -= from;
    s->text_bytes_length -= from;
    s->text_count = kept;
    s->element_texts = 0;
}

const fm_stream_number_text *fm_stream_number_texts(const fm_stream *s, const char **bytes, size_t *byte_count) {
    *bytes = s->text_bytes;
    // The element still being built has its texts after those of the queued items.
    *byte_count = s->element_texts < s->text_count ? s->texts[s->element_texts].start : s->text_bytes_length;
    return s->texts;
}
