#ifndef FASTMAP_STREAM_INTERNAL_H
#define FASTMAP_STREAM_INTERNAL_H

// Element-by-element parsing of huge inputs (see fastmap_stream.h): how it works, and which
// file holds what. Private to CFastMap: not under include/. Only the public API, stream.c, on
// top of the other stream files, includes this header.
//
// Array mode runs one yajl handle over the whole input. Until the target array opens, events
// only steer along the path (everything off the path is skipped, its strings still checked).
// Inside the array, each element's events go to an fm_builder, which writes its cells into the
// stream's current document (fastmap_document.h); a finished element is queued.
// An element that breaks a builder rule (bad UTF-8, lone surrogate, number out of range, too
// deep) is queued as a failure and parsing goes on, since the grammar is intact. Grammar
// errors end the stream: yajl cannot resynchronise.
//
// Lines mode splits the input on '\n' and parses each non-blank line as one value with a
// reused yajl handle, so a bad line costs only itself.
//
// The files, from the top down. Each calls only files listed below it, through their headers
// of the same name:
//
//   stream.c           the public API: create, feed and finish (byte order mark, then the mode's),
//                      the queue
//   stream_lines.c     lines mode: one value per line
//   stream_array.c     array mode: the yajl event state machine (path, then elements), and its
//                      feed, yajl pieces between simdjson windows
//   stream_lines_simdjson.c  lines mode: runs of whole lines read by simdjson
//   stream_simdjson.c  array mode: runs of whole elements read by simdjson instead of yajl, and
//                      the walk of a window's elements into the queue, which lines mode shares
//   stream_element.c   element assembly: the documents elements are written to, the queue of items
//   stream_failure.c   where a syntax error is (the token yajl rejected), the stream's failures
//   stream_position.c  positions, raw string tokens across pieces, tokens at a piece's end
//   stream_sparse.c    sparse elements: the schema the builder filters with
//   stream_state.c     the stream's state (stream_state.h) and its helpers: buffers, the carried
//                      bytes, the input being read, yajl handles, messages
//   stream_commas.c    array mode: the commas between elements, where windows start and end
//                      (bytes only: no stream state)

#include "stream_array.h"
#include "stream_element.h"
#include "stream_failure.h"
#include "stream_lines.h"

#endif
