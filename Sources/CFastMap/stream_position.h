#ifndef FASTMAP_STREAM_POSITION_H
#define FASTMAP_STREAM_POSITION_H

// Positions in the input (newlines, where a token starts), string tokens that run across pieces,
// and the stream's failures (stream_position.c), on the stream's state alone. Private to CFastMap.

#include "stream_state.h"

/// Counts the newlines of the current input up to `offset` (absolute, not before scan_at).
void fm_stream_advance_scan(fm_stream *s, size_t offset);
/// Line and column of an absolute offset.
void fm_stream_locate(fm_stream *s, size_t offset, size_t *line, size_t *column);
/// Absolute offset of the first byte of the value token yajl has just reported.
size_t fm_stream_token_start(fm_stream *s, int ev, size_t length, int flag);
/// The builder's raw_lookup in array mode.
int fm_stream_raw_lookup(fm_builder *b, const unsigned char **raw, size_t *raw_length,
                         size_t *raw_offset, unsigned char **owned);
/// After a piece parsed cleanly: keeps the start of a string token that is still open.
int fm_stream_keep_carry(fm_stream *s);
/// After a piece parsed cleanly: keep where a number or literal token at its end starts.
void fm_stream_keep_tail_token(fm_stream *s);
/// After a piece parsed cleanly: whether the bytes after the latest reported token took a
/// separator (a ',' or ':'), for where a rejected token starts.
void fm_stream_keep_gap(fm_stream *s);
/// Follows yajl's event `ev` (see fm_stream.after_member_value). Returns 0 when out of memory.
int fm_stream_follow_event(fm_stream *s, int ev);
/// Ends the stream with its first failure (later ones are ignored). Returns 0.
int fm_stream_fail(fm_stream *s, int kind, size_t offset, const char *message);
int fm_stream_fail_out_of_memory(fm_stream *s);
int fm_stream_fail_from_scratch(fm_stream *s);
void fm_stream_yajl_failure(fm_stream *s);

#endif
