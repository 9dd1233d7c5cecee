#ifndef FASTMAP_STREAM_LINES_SIMDJSON_H
#define FASTMAP_STREAM_LINES_SIMDJSON_H

// Lines mode's simdjson windows (stream_lines_simdjson.c), on the window walk of
// stream_simdjson.h, below lines mode. Private to CFastMap.

#include "stream_state.h"

/// Lines mode: reads the whole lines at the start of `bytes` (the first at absolute `offset`)
/// with simdjson; returns the bytes taken (0: yajl reads the next line).
size_t fm_stream_read_line_window(fm_stream *s, const unsigned char *bytes, size_t length, size_t offset);

#endif
