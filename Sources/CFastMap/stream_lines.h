#ifndef FASTMAP_STREAM_LINES_H
#define FASTMAP_STREAM_LINES_H

// Lines mode (stream_lines.c): one value per line. Above its simdjson windows and element
// assembly, below the public API. Private to CFastMap.

#include "stream_state.h"

extern const yajl_callbacks fm_stream_line_callbacks;
/// fm_stream_feed in lines mode: whole lines, in simdjson windows when they are on, until the
/// input is used up, BATCH items are queued or the stream fails; the start of a line without
/// its '\n' is carried. Returns the bytes taken.
size_t fm_stream_feed_lines(fm_stream *s, const unsigned char *bytes, size_t length);
/// fm_stream_finish in lines mode: parses the carried last line. Returns -1 when the stream fails.
int fm_stream_finish_lines(fm_stream *s);

#endif
