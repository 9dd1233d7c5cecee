#ifndef FASTMAP_INTERNAL_H
#define FASTMAP_INTERNAL_H

// CFastMap's own helpers, shared between its C files and kept out of include/ (the header Swift
// sees): the engines behind fm_parse and the text helpers the builder uses.

#include "fastmap.h"
#include "words.h"

#include <string.h>

/// The two engines behind fm_parse, which alone chooses between them; neither calls the other.
/// fm_parse_yajl reads any text (trailing commas allowed when `trailing_commas` is set) and
/// returns 0 with *root set, or -1 with *error filled in. fm_parse_simdjson, on the adopted text
/// (followed by its padding) of a document without a memory limit, for a top-level array or
/// object (`trailing_commas`: FM_DIALECT_TRAILING_COMMAS is set), returns 0 with *root set, or
/// -1 without a word of why, nothing of the parse left in the document's values: yajl tells.
int fm_parse_yajl(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth, int trailing_commas,
                  const struct fm_sparse_schema *schema, const fm_cell **root, fm_parse_error *error);
int fm_parse_simdjson(fm_doc *doc, const unsigned char *text, size_t length, size_t max_depth, int trailing_commas,
                      const struct fm_sparse_schema *schema, const fm_cell **root);

/// Just past the string whose opening quote is at text[open], or `length` when it is not closed:
/// a quote closes it unless an odd run of backslashes escapes it (compact.c).
size_t fm_string_end(const unsigned char *text, size_t length, size_t open);

/// Copies in[0..<length] to `out` (which may be `in`: compacting in place) without the white space
/// between tokens: the same tokens, fewer bytes for yajl to lex (compact.c). Returns the compacted
/// length.
size_t fm_compact_text(const unsigned char *in, size_t length, unsigned char *out);

/// Whether compacting `text` before yajl reads it saves more than it costs: when white space is
/// a third of it or more, in four samples of 256 bytes spread over it. yajl's decode of
/// citm_catalog.json (71% white space) took 17% fewer instructions compacted; of mesh.json (a
/// space after each comma, 10%) 5.4% more, of github_events.json (19%) 2.8% more.
int fm_compacting_pays(const unsigned char *text, size_t length);

/// Checks that bytes[0..<length] is well-formed UTF-8 (no overlong forms, no surrogates,
/// nothing above U+10FFFF). Returns length when valid, else the index of the first bad byte.
size_t fm_utf8_validate(const unsigned char *bytes, size_t length);

/// What a number token is, told by fm_json_number_shape.
typedef enum fm_number_shape {
    FM_NUMBER_INVALID = 0,  // no JSON number by RFC 8259's grammar
    FM_NUMBER_INTEGER = 1,  // digits only, at most UInt64.max: the magnitude is read
    FM_NUMBER_TEXT = 2,     // an exponent, more than 19 digits with a fraction, or digits past UInt64.max
    FM_NUMBER_DECIMAL = 3,  // a fraction, no exponent, at most 19 digits: the digits are read as one integer
} fm_number_shape;

/// Checks `text` against RFC 8259's number grammar and tells its shape in one pass, reading the
/// magnitude of an integer (its sign is text[0] == '-') and, with `fraction` not NULL, the digits
/// of a decimal (see fm_json_number_shape_in); no other value.
fm_number_shape fm_json_number_shape(const char *text, size_t length, uint64_t *magnitude, unsigned *fraction);

/// fm_json_number_shape's answer read from flags of whole words: for tokens in a document of
/// which every byte from `document` (at or before `text`) to the token's end may be read. A
/// number with a fraction, no exponent and at most 19 digits is FM_NUMBER_DECIMAL, its digits
/// read into *magnitude as one integer and the count after the point into *fraction (`-0.50`: 50
/// and 2). With `magnitude` NULL the token is only checked: any integer is FM_NUMBER_INTEGER and
/// any real FM_NUMBER_TEXT, no digit read.
fm_number_shape fm_json_number_shape_in(const char *document, const char *text, size_t length, uint64_t *magnitude,
                                        unsigned *fraction);

/// Non-variadic wrapper around yajl_config.
int fm_yajl_config(yajl_handle handle, yajl_option option, int enabled);

#endif
