#ifndef FASTMAP_STREAM_LINES_H
#define FASTMAP_STREAM_LINES_H

// Lines mode (stream_lines.c): one value per line. Above its simdjson windows and element
// assembly, below the public API. Private to CFastMap.

#include "stream_state.h"

extern const yajl_callbacks fm_stream_line_callbacks;
/// Lines mode: parses one line; `bytes` ends with its '\n'.
void fm_stream_parse_line(fm_stream *s, const unsigned char *bytes, size_t length, size_t offset);
size_t fm_stream_feed_lines(fm_stream *s, const unsigned char *bytes, size_t length);

#endif
