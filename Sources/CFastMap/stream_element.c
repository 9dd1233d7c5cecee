#include "stream_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Arenas

// Makes the arena for an element starting at `offset` current on this thread.
int fm_stream_begin_arena(fm_stream *s, size_t offset) {
    // When another library has taken over jansson's hooks, elements are reference counted.
    s->element_in_arena = s->use_arenas && fm_arena_hooks_active();
    if (!s->element_in_arena) return 1;
    // An arena with queued items that were not handed over yet stays until they are, so
    // that every arena the caller has not adopted is the current one.
    int rotate = !s->arena || (offset - s->arena_start >= ARENA_SPAN &&
                               (s->arena_handed || s->arena_items == 0));
    if (rotate) {
        if (s->arena && !s->arena_handed) fm_arena_destroy(s->arena);  // nothing of it escaped
        s->arena = fm_arena_create(ARENA_BYTES);
        if (!s->arena) return fm_stream_fail_out_of_memory(s);
        s->arena_start = offset;
        s->arena_items = 0;
        s->arena_handed = 0;
    }
    fm_arena_set_current(s->arena);
    s->building = 1;
    return 1;
}

void fm_stream_end_arena(fm_stream *s) {
    if (!s->building) return;
    fm_arena_set_current(s->outer);
    s->building = 0;
}

// Around every entry point: elements being built allocate in their arena, nothing else does,
// and every jansson allocation counts against the element's budget.
void fm_stream_enter_call(fm_stream *s) {
    s->outer = fm_arena_current();
    if (s->building) fm_arena_set_current(s->arena);
    s->outer_budget = fm_budget_current();
    fm_budget_set_current(s->budget.limit == SIZE_MAX ? NULL : &s->budget);
}

void fm_stream_leave_call(fm_stream *s) {
    fm_arena_set_current(s->outer);
    fm_budget_set_current(s->outer_budget);
}

// MARK: - Queue

static int push_item(fm_stream *s, json_t *root) {
    if (!reserve((void **)&s->items, &s->item_capacity, s->item_count + 1, sizeof(fm_stream_item)))
        return 0;
    fm_stream_item *item = &s->items[s->item_count++];
    item->root = root;
    item->arena = root && s->element_in_arena ? s->arena : NULL;
    if (item->arena) s->arena_items++;
    item->index = s->next_index++;
    item->offset = s->element_offset;
    item->line = s->element_line;
    item->column = s->element_column;
    item->failure = 0;
    // A failed element's texts were dropped with it (fm_stream_take_element_error).
    item->number_text_first = s->element_texts;
    item->number_text_count = s->text_count - s->element_texts;
    s->element_texts = s->text_count;
    return 1;
}

int fm_stream_complete_element(fm_stream *s) {
    json_t *root = s->builder.root;
    s->builder.root = NULL;
    int pushed = push_item(s, root);
    if (!pushed) json_decref(root);  // a no-op for arena nodes, freed with their arena
    fm_stream_end_arena(s);
    return pushed ? 1 : fm_stream_fail_out_of_memory(s);
}

int fm_stream_complete_failed(fm_stream *s) {
    s->element_failed = 0;
    fm_stream_end_arena(s);
    if (!reserve((void **)&s->errors, &s->error_capacity, s->error_count + 1, sizeof(fm_parse_error)) ||
        !push_item(s, NULL))
        return fm_stream_fail_out_of_memory(s);
    s->errors[s->error_count++] = s->pending;
    s->items[s->item_count - 1].failure = s->error_count;
    return 1;
}

// Turns the builder's error into the pending failure of the current element.
void fm_stream_take_element_error(fm_stream *s) {
    fm_builder_discard(&s->builder);
    fm_stream_drop_texts(s);
    if (s->building && s->arena && !s->arena_handed && s->arena_items == 0) {
        // Nothing built in this arena survives: free what the failed element took now (up to
        // its whole memory budget) instead of when the arena would have rotated.
        fm_arena_set_current(s->outer);
        fm_arena_destroy(s->arena);
        s->arena = NULL;
        s->building = 0;
    }
    s->pending = s->scratch;
    s->scratch.kind = FM_OK;
    if (s->pending.kind == FM_ERROR_DEPTH) {
        snprintf(s->pending.message, sizeof s->pending.message,
                 "Too many nested arrays or dictionaries (more than %zu levels).", s->max_depth);
    }
}

