#ifndef FASTMAP_BUILDER_H
#define FASTMAP_BUILDER_H

// The document builder (builder.c) shared by the whole-document engines (builder_parse.c for
// yajl, builder_simdjson.c for simdjson's walk) and the streaming parser (stream*.c). Private to
// CFastMap: not under include/, so Swift never sees it.
//
// A builder turns tokens into the cells of one document (fastmap_document.h) with FastMap's
// rules (first duplicate key wins, integers up to UInt64.max, `-0` kept negative, strict UTF-8,
// lone surrogates rejected, a nesting limit). Its state is in builder_state.h. Each fm_build_*
// function takes the builder, returns 1 to go on and 0 after recording an error in *error.

#include "builder_sparse.h"
#include "builder_strings.h"
#include "walk.h"

/// Drops a partly built value (after an error) and makes the builder ready for a new one.
void fm_builder_discard(fm_builder *b);

int fm_build_null(fm_builder *b);
int fm_build_boolean(fm_builder *b, int value);
int fm_build_number(fm_builder *b, const char *text, size_t length);
/// fm_build_number for text whose grammar nobody checked yet (the simdjson engine's tokens, in a
/// document of which every byte from `document` to the token's end may be read): checks and reads
/// it in one pass (fm_json_number_shape_in); returns 0 without an error for text that is no JSON
/// number.
int fm_build_checked_number(fm_builder *b, const char *document, const char *text, size_t length);
int fm_build_string(fm_builder *b, const unsigned char *text, size_t length);
int fm_build_map_key(fm_builder *b, const unsigned char *text, size_t length);
/// fm_build_string / fm_build_map_key for bytes already final: escapes decoded, UTF-8 checked.
int fm_build_final_string(fm_builder *b, const unsigned char *bytes, size_t count);
int fm_build_final_map_key(fm_builder *b, const unsigned char *bytes, size_t count);
/// A string token of simdjson's walk (`raw`, between its quotes, in simdjson's padded input):
/// built from its raw text in one pass (escapes decoded into `scratch`). 0 when yajl must judge
/// the text (a malformed escape, a lone surrogate) or on an error the builder recorded.
int fm_build_simdjson_string(fm_builder *b, fm_string_scratch *scratch, const unsigned char *raw, size_t length);
/// A key token of the walk (`raw`, as for fm_build_simdjson_string), taken as fm_build_map_key
/// takes a key; what the walk's listener returns for it: 0 as for fm_build_simdjson_string,
/// FM_WALK_SKIP_VALUE when a sparse build skips the member's value (which the walk then checks
/// without reporting it), else 1.
int fm_build_simdjson_key(fm_builder *b, fm_string_scratch *scratch, const unsigned char *raw, size_t length);
int fm_build_start_map(fm_builder *b);
int fm_build_start_array(fm_builder *b);
int fm_build_end_container(fm_builder *b);

/// The length of the prefix free of form feed and vertical tab: yajl takes both for white
/// space, JSON allows neither (not even inside strings, where no control character is valid).
size_t fm_first_non_json_space(const unsigned char *bytes, size_t length);

/// The first trailing comma (one that follows a value and is followed, after JSON white space,
/// by `]` or `}`) at or after `from`, which must lie outside strings (0, or just past a comma
/// this returned); `length` when there is none. Strings are skipped; `[,]` and `[1,,]` have none.
size_t fm_next_trailing_comma(const unsigned char *bytes, size_t length, size_t from);

/// yajl_complete_parse, telling its failures apart by where they happen instead of by yajl's
/// message: `*ended_inside` is 1 when the input ended inside the document (yajl's "premature
/// EOF"), 0 when the last token was malformed or a callback stopped the parse.
yajl_status fm_yajl_finish(yajl_handle handle, int *ended_inside);

/// Notes, in a yajl listener, the token yajl is reporting (`after`: FM_AFTER_*; `nesting`: +1
/// for a container's start, -1 for its end), so that a parse error can be placed at the token
/// after it without reading the text again.
void fm_builder_note_token(fm_builder *b, int after, int nesting);

/// Where the token starts that yajl rejected with a parse error in `text` (the input it was
/// parsing), from the builder's trail of the tokens it reported before. yajl's own offset lies
/// past that token, or two bytes into a string after an object member's value. Trailing commas
/// count as white space when `trailing_commas` is set (yajl was given the text without them).
size_t fm_yajl_rejected_token(const unsigned char *text, size_t length, const fm_token_trail *trail,
                              int trailing_commas);

/// yajl callbacks whose context is an fm_builder.
extern const yajl_callbacks fm_builder_callbacks;

#endif
