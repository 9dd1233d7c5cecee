#include "builder.h"

#include <stdlib.h>
#include <string.h>

// Trailing commas. yajl has no switch for them, and a second grammar in the hot loop would
// cost every document; instead the strict parse runs first, and only text it rejects is
// searched for commas to blank out.

static int ends_value(unsigned char c) {
    // The byte before a comma ends a value unless it opens a container or is a separator:
    // `[,]`, `[1,,]` and `{"a":,}` must stay errors.
    return c != '[' && c != '{' && c != ',' && c != ':';
}

unsigned char *fm_blank_trailing_commas(const unsigned char *bytes, size_t length) {
    unsigned char *copy = NULL;
    unsigned char previous = 0;  // the last byte outside strings that is not white space
    for (size_t i = 0; i < length; i++) {
        unsigned char c = bytes[i];
        if (c == '"') {
            // Skip the string; an unterminated one ends the scan (the parse fails anyway).
            for (i++; i < length && bytes[i] != '"'; i++)
                if (bytes[i] == '\\') i++;
            previous = '"';
            continue;
        }
        if (fm_is_json_space(c)) continue;
        if (c == ',' && previous != 0 && ends_value(previous)) {
            size_t next = i + 1;
            while (next < length && fm_is_json_space(bytes[next])) next++;
            if (next < length && (bytes[next] == ']' || bytes[next] == '}')) {
                if (!copy) {
                    copy = malloc(length ? length : 1);
                    if (!copy) return NULL;
                    memcpy(copy, bytes, length);
                }
                copy[i] = ' ';
                // The comma is gone: what precedes the bracket is the value before it.
                continue;
            }
        }
        previous = c;
    }
    return copy;
}

int fm_parse_dialect(const char *bytes, size_t length, fm_engine engine, size_t max_depth,
                     size_t memory_limit, fm_arena *arena, int flags, fm_document *out,
                     fm_parse_error *error) {
    int status = fm_parse_in_arena_limited(bytes, length, engine, max_depth, memory_limit, arena,
                                           out, error);
    if (status == 0 || !(flags & FM_DIALECT_TRAILING_COMMAS) || error->kind != FM_ERROR_SYNTAX)
        return status;
    unsigned char *blanked = fm_blank_trailing_commas((const unsigned char *)bytes, length);
    if (!blanked) return status;
    // Same length and the same line breaks: the second parse's error is located in the
    // original text, and it is the error that text has once trailing commas are allowed.
    status = fm_parse_in_arena_limited((const char *)blanked, length, engine, max_depth,
                                       memory_limit, arena, out, error);
    free(blanked);
    return status;
}
