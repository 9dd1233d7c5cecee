#include "stream_lines_simdjson.h"
#include "stream_simdjson.h"

#include <stdlib.h>
#include <string.h>

// Lines mode with simdjson: a run of whole lines is read as one window. The non-blank lines are
// joined with commas, `l1,l2,...,ln`, and walked as the array `[l1,...,ln]` by the same walk and
// builder as array windows (stream_simdjson.c). A line is one value exactly when the k-th
// element starts at the k-th line's first byte that is no white space and there are n of them:
// a comma inside a line (`1,2`) starts an element early, a value running over a line break
// (`[1` then `2]`, or a string left open, `["` then `"],1`, read as `[","]` and `1`) swallows
// the next line's start, and either is refused. What is refused (or anything simdjson or the
// builder refuses) is given back: the lines before it stay queued, and from the line it
// happened in to the window's end each line is parsed by yajl on its own, which reports it
// exactly as without simdjson.

enum {
    LINE_WINDOW_BYTES = 128 * 1024,  // a window takes no new line past this
};

// Makes room for `lines` table entries and `text` bytes of window text.
static int reserve_window(fm_stream *s, size_t lines, size_t text) {
    return reserve((void **)&s->window_lines, &s->window_line_capacity, lines, sizeof *s->window_lines) &&
           reserve((void **)&s->line_text, &s->line_text_capacity, text, 1);
}

size_t fm_stream_read_line_window(fm_stream *s, const unsigned char *bytes, size_t length, size_t offset) {
    if (!s->use_simdjson || s->carry_length || offset < s->fast_resume) return 0;
    size_t room = BATCH - s->item_count, at = 0, count = 0, text_length = 0, number = s->line_number;
    while (count < room && at <= LINE_WINDOW_BYTES) {
        const unsigned char *newline = at < length ? memchr(bytes + at, '\n', length - at) : NULL;
        if (!newline) break;
        size_t n = (size_t)(newline - (bytes + at));
        number++;
        size_t space = fm_json_space_prefix(bytes + at, n);
        if (space < n) {  // not blank
            if (!reserve_window(s, count + 1, text_length + n + 1)) return 0;  // yajl reads it instead
            s->window_lines[count++] = (fm_window_line){text_length, text_length + space, offset + at, number};
            memcpy(s->line_text + text_length, bytes + at, n);
            text_length += n;
            s->line_text[text_length++] = ',';
        }
        at += n + 1;
    }
    if (count == 0) {
        s->line_number = number;  // blank lines only: they are skipped, and counted
        return at;
    }
    fm_window_walk w = {s, 0, s->window_lines, count, 0, 0, {0}, 0};
    int walked = fm_stream_walk_window(&w, s->line_text, text_length - 1);
    if (s->failed) return 0;  // out of memory starting a document: the stream has failed
    if (walked && w.announced == count) {
        s->line_number = number;
        s->window_elements += count;
        return at;
    }
    fm_stream_give_back(&w);
    s->fast_resume = offset + at;
    if (w.announced == 0) return 0;
    // yajl reads on from the start of the line given back.
    const fm_window_line *line = &s->window_lines[w.announced - 1];
    s->window_elements += w.announced - 1;
    s->line_number = line->number - 1;
    return line->offset - offset;
}
