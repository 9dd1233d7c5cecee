#ifndef FASTMAP_STREAM_ELEMENT_H
#define FASTMAP_STREAM_ELEMENT_H

// Element assembly (stream_element.c): the documents elements are written to and the queue of
// items, above positions and failures, below the tokenizers that feed them. Private to CFastMap.

#include "stream_state.h"

/// At the start of an element beginning at absolute `offset` (nothing of an element open):
/// moves the builder's writer to a new document when this element starts one. Returns 0 after
/// failing the stream when out of memory.
int fm_stream_begin_element(fm_stream *s, size_t offset);
/// Queues the element the builder has just completed (its root). Returns 0 after failing the
/// stream when out of memory.
int fm_stream_complete_element(fm_stream *s);
/// Queues the failed element (s->pending). Returns 0 after failing the stream when out of memory.
int fm_stream_complete_failed(fm_stream *s);
/// Turns the builder's error into the pending failure of the current element and drops what
/// the element wrote.
void fm_stream_take_element_error(fm_stream *s);
/// fm_stream_clear: the caller takes over every document the queued items name.
void fm_stream_hand_over_documents(fm_stream *s);
/// fm_stream_free: frees the builder (its writer first, as that releases cells into `doc`),
/// then every document the stream still owns.
void fm_stream_free_documents(fm_stream *s);

#endif
