#include "stream_element.h"
#include "stream_failure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Documents

// Elements are written by the builder's writer into the stream's current document, `doc`.
// Without a memory limit the elements of DOC_SPAN bytes of input share one: a document costs a
// few allocations of its own, and the caller frees a whole document at a time, so a span keeps
// both the documents per element and what one live value keeps alive small.
//
// With a memory limit every element starts a document of its own. A document's limit counts
// everything ever written to it (fm_doc_create), so a document shared by several elements could
// not give each the whole limit; alone in its document, an element gets exactly the limit, and
// one that passes it fails by itself (FM_ERROR_MEMORY_LIMIT, fm_builder_fail_out_of_memory)
// while the next starts afresh in a new document.
//
// Which documents the stream owns: `doc`, until fm_stream_clear hands over an item written in
// it, and every other document a queued item names (from item `handed_items` on). The caller
// owns every document it was handed, even the current one, which the stream may still write
// later elements into.

int fm_stream_begin_element(fm_stream *s, size_t offset) {
    if (s->memory_limit == SIZE_MAX && offset < s->doc_start + DOC_SPAN) return 1;
    fm_doc *doc = fm_doc_create(s->memory_limit);
    fm_writer *writer = doc ? fm_writer_create(doc) : NULL;
    if (!writer) {
        fm_doc_free(doc);
        return fm_stream_fail_out_of_memory(s);
    }
    // The old writer goes before its document: freeing it releases its cells into it.
    fm_writer_free(s->builder.writer);
    s->builder.writer = writer;
    // A document no queued item names and none handed over holds only what failed or given-back
    // elements left there: nothing can reach it.
    if (!s->doc_handed && s->doc_items == 0) fm_doc_free(s->doc);
    s->doc = doc;
    s->doc_start = offset;
    s->doc_items = 0;
    s->doc_handed = 0;
    return 1;
}

void fm_stream_hand_over_documents(fm_stream *s) {
    if (s->doc_items) s->doc_handed = 1;
    s->doc_items = 0;
    s->handed_items = 0;
}

void fm_stream_free_documents(fm_stream *s) {
    // The queued items' documents other than `doc`. Documents follow one another (the stream
    // never goes back to one), so the items naming one are a run: each is freed once past it.
    fm_doc *run = NULL;
    for (size_t i = s->handed_items; i < s->item_count; i++) {
        fm_doc *doc = s->items[i].doc;
        if (!doc || doc == s->doc || doc == run) continue;
        fm_doc_free(run);
        run = doc;
    }
    fm_doc_free(run);
    fm_builder_destroy(&s->builder);  // its writer's cells go into `doc`, which must still be there
    if (!s->doc_handed) fm_doc_free(s->doc);
    s->doc = NULL;
}

// MARK: - Queue

static int push_item(fm_stream *s, const fm_cell *root) {
    if (!reserve((void **)&s->items, &s->item_capacity, s->item_count + 1, sizeof(fm_stream_item)))
        return 0;
    fm_stream_item *item = &s->items[s->item_count++];
    item->root = root;
    item->doc = root ? s->doc : NULL;
    if (root) {
        s->doc_items++;
        if (s->doc_handed) s->handed_items = s->item_count;  // its document is the caller's
    }
    item->index = s->next_index++;
    item->offset = s->element_offset;
    item->line = s->element_line;
    item->column = s->element_column;
    item->failure = 0;
    return 1;
}

int fm_stream_complete_element(fm_stream *s) {
    const fm_cell *root = s->builder.root;
    s->builder.root = NULL;
    // Not queued, its cells stay in the document, reached by nothing (the stream fails).
    return push_item(s, root) ? 1 : fm_stream_fail_out_of_memory(s);
}

int fm_stream_complete_failed(fm_stream *s) {
    s->element_failed = 0;
    if (!reserve((void **)&s->errors, &s->error_capacity, s->error_count + 1, sizeof(fm_parse_error)) ||
        !push_item(s, NULL))
        return fm_stream_fail_out_of_memory(s);
    s->errors[s->error_count++] = s->pending;
    s->items[s->item_count - 1].failure = s->error_count;
    return 1;
}

void fm_stream_take_element_error(fm_stream *s) {
    // The writer drops the element's cells; the bytes of its strings stay in the document until
    // the document is freed (with a memory limit, when the next element starts its own).
    fm_builder_discard(&s->builder);
    s->pending = s->scratch;
    s->scratch.kind = FM_OK;
    if (s->pending.kind == FM_ERROR_DEPTH) {
        snprintf(s->pending.message, sizeof s->pending.message,
                 "Too many nested arrays or dictionaries (more than %zu levels).", s->max_depth);
    }
}
