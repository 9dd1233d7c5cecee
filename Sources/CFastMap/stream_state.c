#include "stream_state.h"

// The streaming parser's state and the helpers below every other stream file (stream_state.h).
// Here its yajl handles: array mode makes one for the whole input, lines mode one at the start
// and a new one after each line yajl failed on, each with its mode's callbacks.

yajl_handle fm_stream_new_handle(fm_stream *s, const yajl_callbacks *callbacks) {
    yajl_handle handle = yajl_alloc(callbacks, NULL, s);
    if (!handle) return NULL;
    // FastMap validates UTF-8 itself, more strictly than yajl does.
    yajl_config(handle, yajl_dont_validate_strings, 1);
    if (s->mode == FM_STREAM_LINES) yajl_config(handle, yajl_allow_multiple_values, 1);
    s->builder.handle = handle;
    return handle;
}
