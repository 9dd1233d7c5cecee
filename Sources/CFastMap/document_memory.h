#ifndef FASTMAP_DOCUMENT_MEMORY_H
#define FASTMAP_DOCUMENT_MEMORY_H

// A document's memory (document.c), for its writer (document_writer.c). Private to CFastMap.

#include "fastmap_document.h"

#include <string.h>

/// Every allocation of a document is a block on one list, freed with it.
typedef struct fm_block {
    struct fm_block *next;
    size_t size;  // bytes after this header
} fm_block;

// The limit counts what the values take, not the slack of growing blocks: 8 bytes a word of the
// cells, the bytes of strings and numbers copied, and the writers' frames and key tables; and,
// while a parse runs, what it holds beside the document that grows with the input (fm_doc_count:
// the builder's nesting stack, yajl's buffers). A document under a limit copies no text (fm_parse),
// so its strings and numbers are all copies, counted. A top-level null, true or false is not
// counted (one cell, which every document has room for).
struct fm_doc {
    size_t limit;      // SIZE_MAX: none
    size_t used;       // what the limit counts
    size_t allocated;  // every byte of every block, for fm_doc_size
    int exceeded;      // something was refused for the limit
    fm_block *blocks;
    unsigned char *bump;  // free bytes of the newest byte block
    size_t bump_left;
    size_t next_bytes_block;
    const unsigned char *text;  // fm_doc_adopt_text's copy
    size_t text_length;
    int packs_text;             // fm_doc_pack_text
    unsigned char *kept_end;    // packing: where the next string's bytes go in the text
};

/// Counts `size` more bytes against the document's limit; 0 (and the limit marked reached) when
/// that would pass it. fm_doc_refund gives bytes back. Inline: the writer charges every cell.
static inline int fm_doc_charge(fm_doc *doc, size_t size) {
    if (size > doc->limit || doc->used > doc->limit - size) {
        doc->exceeded = 1;
        return 0;
    }
    doc->used += size;
    return 1;
}

static inline void fm_doc_refund(fm_doc *doc, size_t size) { doc->used -= size < doc->used ? size : doc->used; }

/// `length` bytes (charged) that live as long as the document; NULL when out of memory or past
/// the limit.
unsigned char *fm_doc_take_bytes(fm_doc *doc, size_t length);

/// `length` bytes in a block of their own, exactly that long: for a caller that takes all it will
/// copy at once (fm_writer_copy_owned), where a bump block would leave its slack.
unsigned char *fm_doc_take_block(fm_doc *doc, size_t length);

/// Whether bytes[0..<length] lie in the document's copy of its text (every string the writer is
/// given is asked).
static inline int fm_doc_holds_text(const fm_doc *doc, const unsigned char *bytes, size_t length) {
    return doc->text && bytes >= doc->text && length <= doc->text_length &&
           (size_t)(bytes - doc->text) <= doc->text_length - length;
}

/// Whether a cell's payload is the address of bytes (a string's, a number's kept text): the cells
/// that follow their bytes when those move or are copied.
static inline int fm_cell_points_at_bytes(const fm_cell *cell) {
    fm_cell_kind kind = fm_cell_kind_of(cell);
    return kind == FM_CELL_STRING || kind == FM_CELL_NUMBER;
}

/// Starts moving the strings written into the document to the front of its text, when
/// fm_doc_pack_text asked for it and the text has fewer than FM_DOC_PACKED_BYTES_PER_TOKEN bytes
/// a token (`tokens`, simdjson's count): only the walk reads a text that way; any other read, and
/// a read again after a failure, takes the text as given.
void fm_doc_start_packing(fm_doc *doc, size_t tokens);

/// A text with fewer tokens than one for this many bytes is kept whole: it is mostly long
/// strings, which packing would move nearly whole for little memory (gsoc-2018.json has 44 bytes
/// a token, and 89% of it is strings). Kept whole, its values take at most 16 bytes for every
/// two tokens, a quarter of its size, so the document stays within 1.25 times the text.
enum { FM_DOC_PACKED_BYTES_PER_TOKEN = 32 };

/// Stops packing. After a parse that succeeded (`root`, the document's only value), gives back
/// the text past the bytes kept; after one that failed (NULL), keeps the text whole.
void fm_doc_stop_packing(fm_doc *doc, const fm_cell *root);

/// For a packing document, the text's bytes[0..<length] moved to the end of those kept before
/// them: every byte before `bytes` has been read, so nothing still to read is overwritten.
static inline const unsigned char *fm_doc_pack_bytes(fm_doc *doc, const unsigned char *bytes, size_t length) {
    unsigned char *to = doc->kept_end;
    memmove(to, bytes, length);
    doc->kept_end = to + length;
    return to;
}

#endif
