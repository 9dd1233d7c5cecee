#ifndef FASTMAP_STREAM_ARRAY_H
#define FASTMAP_STREAM_ARRAY_H

// Array mode (stream_array.c): yajl's events along the path, then the elements. Above element
// assembly and positions, below the public API. Private to CFastMap.

#include "stream_state.h"

extern const yajl_callbacks fm_stream_array_callbacks;
/// Array mode: parses one piece of the input.
void fm_stream_parse_piece(fm_stream *s, const unsigned char *bytes, size_t length);

#endif
