#ifndef FASTMAP_STREAM_POSITION_H
#define FASTMAP_STREAM_POSITION_H

// Positions in the input (newlines, where a token starts) and tokens that run across pieces
// (stream_position.c), on the stream's state alone. Private to CFastMap.

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
/// Whether the number or literal kept at the latest clean piece's end reaches the current
/// piece's start.
int fm_stream_tail_token_reaches_input(const fm_stream *s);
/// Whether the latest clean piece (and what is held after it) ends inside a number that more
/// digits continue; `*start` is where the number starts.
int fm_stream_tail_number_open(const fm_stream *s, size_t *start);
/// Whether the token kept at the previous piece's end ends whole in this one (a number in a
/// state that may end, a literal spelled out): yajl then lexed it and found it out of place.
/// Otherwise the error is lexical, and yajl points at the byte that broke the token.
int fm_stream_tail_token_completes(const fm_stream *s);
/// Follows yajl's event `ev` (see fm_stream.after_member_value). Returns 0 when out of memory.
int fm_stream_follow_event(fm_stream *s, int ev);

#endif
