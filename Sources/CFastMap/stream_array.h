#ifndef FASTMAP_STREAM_ARRAY_H
#define FASTMAP_STREAM_ARRAY_H

// Array mode (stream_array.c): yajl's events along the path, then the elements, and the feed
// that hands simdjson windows the runs between yajl's pieces. Above those windows, element
// assembly and positions, below the public API. Private to CFastMap.

#include "stream_state.h"

extern const yajl_callbacks fm_stream_array_callbacks;
/// fm_stream_feed in array mode: yajl pieces, and simdjson windows between them when they are
/// on, until the input is used up, BATCH items are queued or the stream fails. Returns the
/// bytes taken.
size_t fm_stream_feed_array(fm_stream *s, const unsigned char *bytes, size_t length);
/// fm_stream_finish in array mode: yajl's end of input, where a truncated or malformed document
/// fails the stream. Returns -1 when the stream fails.
int fm_stream_finish_array(fm_stream *s);

#endif
