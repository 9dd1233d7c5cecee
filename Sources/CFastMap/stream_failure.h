#ifndef FASTMAP_STREAM_FAILURE_H
#define FASTMAP_STREAM_FAILURE_H

// Where a stream's syntax error is, and the stream's failures (stream_failure.c), above the
// positions stream_position.c keeps. Private to CFastMap.

#include "stream_position.h"

/// After a piece parsed cleanly: whether the bytes after the latest reported token took a
/// separator (a ',' or ':'), for where a rejected token starts.
void fm_stream_keep_gap(fm_stream *s);
/// Ends the stream with its first failure (later ones are ignored). Returns 0.
int fm_stream_fail(fm_stream *s, int kind, size_t offset, const char *message);
int fm_stream_fail_out_of_memory(fm_stream *s);
int fm_stream_fail_from_scratch(fm_stream *s);
/// Ends the stream with yajl's error, said at the first byte of a token out of place.
void fm_stream_yajl_failure(fm_stream *s);

#endif
