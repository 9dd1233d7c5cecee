#ifndef FASTMAP_DOCUMENT_H
#define FASTMAP_DOCUMENT_H

// FastMap's document: every parsed text, and every value built in code, is one flat, read-only
// run of cells in document order, owned by an fm_doc. Nothing here belongs to another library:
// jansson and yajl never see a cell, and a cell never points into their memory.
//
// A cell is one or two 8-byte words: a tag word, then (unless the tag says the cell is short) a
// payload word.
//
//     tag     bits 0-3   kind (fm_cell_kind)
//             bit  4     object: some key holds a byte of 0x80 or above (FM_CELL_NON_ASCII_KEYS)
//             bit  5     short: the cell is its tag word alone, which holds its value
//                        (FM_CELL_SHORT; integers and decimals only)
//             bits 6-7   0
//             bits 8-63  string, number: the byte count of its text
//                        object, array:  bits 8-39 the member or element count,
//                                        bits 40-63 the sparse mark (fastmap_sparse.h)
//                        short integer:  its value, a signed 56-bit integer
//                        decimal:        bits 8-12 the digits after the point, bits 13-17 all
//                                        its digits, bit 18 set when it is negative;
//                                        short, bits 19-63 its digits as one integer
//     payload           string, number: the address of its bytes
//                       integer: int64; unsigned: uint64; real: double
//                       decimal: its digits as one integer (uint64)
//                       object, array: the words from this cell to its next sibling (its span)
//                       true, false, null: 0
//
// An object's members are a key cell (a string) followed by the value's cells; an array's
// elements follow it one after the other. The next sibling of a container is `cell + span`
// words, of a scalar the word after its own. The document
//
//     {"id":7,"tags":["a","b"],"ratio":0.5}
//
// is nine cells in sixteen words:
//
//     word   kind      tag: count / length / value        payload
//     0      object    3 members                          span 16
//     2      string    2                                  -> "id"
//     4      integer   short: 7
//     5      string    4                                  -> "tags"
//     7      array     2 elements                         span 6
//     9      string    1                                  -> "a"
//     11     string    1                                  -> "b"
//     13     string    5                                  -> "ratio"
//     15     decimal   short: 1 after the point, 2 digits, 5
//
// Numbers are short when they fit: an integer within 2^55 and a decimal of at most 13 digits take
// one word, not two. Arrays of numbers (mesh.json's coordinates and indices) are where documents
// outgrow their text, about 10 bytes of text a number: two words a number made mesh.json's
// document 1.70 times its text.
//
// Strings point at their final bytes (escapes decoded, UTF-8 checked): into the document's own
// copy of the text when they hold no escape, else into its byte blocks (a document that
// outlives its parse keeps of that copy only the bytes its cells point at, unless they are most
// of it: fm_doc_pack_text).
// Numbers read as integers hold their value (integer within Int64, unsigned above Int64.max);
// a number with a fraction, no exponent and at most 19 digits is a decimal: its digits as one
// integer and where its point was, from which its text comes back byte for byte (`-0.50`: 50,
// 2 after the point, 3 digits, negative). Every other parsed number keeps its text exactly as
// written (an exponent, more digits, an integer beyond UInt64). Readers convert both when asked
// (Double, Decimal, the text itself), so nothing about a number is lost. A real made in code
// holds its double.
//
// An object never holds two equal keys (byte for byte): the first one wins, as in JSONDecoder.
// Keys that differ in bytes may still be equal as Swift strings (canonical equivalence:
// "\u212A", the Kelvin sign, equals "K"), but only when one of them is not ASCII: such an
// object's cell says so (FM_CELL_NON_ASCII_KEYS), and readers that compare keys as Swift does
// look further only there.
//
// Cells are only appended: a container's cell gets its count and span when it closes. The cells
// of one top-level value are contiguous; a document may hold several (a stream's elements), each
// reached from its root cell. A document never moves a cell of a finished value, so a pointer to
// one stays valid as long as the document lives.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fm_cell_kind {
    FM_CELL_OBJECT = 0,
    FM_CELL_ARRAY = 1,
    FM_CELL_STRING = 2,
    FM_CELL_INTEGER = 3,   // payload: int64
    FM_CELL_REAL = 4,      // payload: a double (made in code)
    FM_CELL_TRUE = 5,
    FM_CELL_FALSE = 6,
    FM_CELL_NULL = 7,
    FM_CELL_UNSIGNED = 8,  // payload: a uint64 above INT64_MAX
    FM_CELL_NUMBER = 9,    // payload: the number's text as written (a real, or an integer beyond UInt64)
    FM_CELL_DECIMAL = 10,  // payload: the digits of a number with a fraction; the tag: its layout
} fm_cell_kind;

/// A cell that is not short. Of a short cell only `tag` is read: the word after it is the next
/// cell's, or past the document's end.
typedef struct fm_cell {
    uint64_t tag;
    union {
        const unsigned char *bytes;
        int64_t integer;
        uint64_t unsigned_integer;
        double real;
        uint64_t span;
    } payload;
} fm_cell;

/// The layout Swift reads without a C call (JSONNode): 8-byte words, the tag word first; a cell
/// that is not short is an fm_cell (16 bytes).
enum {
    FM_CELL_SIZE = 16,
    FM_CELL_WORD = 8,
    FM_CELL_KIND_MASK = 0xF,
    FM_CELL_SIZE_SHIFT = 8,
    FM_CELL_COUNT_BITS = 32,
    FM_CELL_MARK_SHIFT = 40,
    FM_CELL_NON_ASCII_KEYS = 0x10,
    FM_CELL_SHORT = 0x20,
    FM_CELL_FRACTION_SHIFT = 8,
    FM_CELL_DIGITS_SHIFT = 13,
    FM_CELL_NEGATIVE_SHIFT = 18,
    FM_CELL_DECIMAL_FIELD_MASK = 0x1F,
    FM_CELL_SHORT_DIGITS_SHIFT = 19,
};

/// The integers a short cell holds: -2^55 ..< 2^55.
#define FM_CELL_SHORT_INTEGER_LIMIT (INT64_C(1) << 55)
/// The digits a short decimal holds: below 2^45 (every decimal of at most 13 digits).
#define FM_CELL_SHORT_DIGITS_LIMIT (UINT64_C(1) << 45)

/// The largest member or element count of one container, and the largest sparse mark.
#define FM_CELL_MAX_COUNT UINT32_MAX
#define FM_CELL_MAX_MARK ((1u << 24) - 1)

/// A document: the cells of its values and the bytes their strings and numbers point at.
typedef struct fm_doc fm_doc;

/// A new, empty document whose allocations may take at most `memory_limit` bytes in all
/// (SIZE_MAX: no limit). NULL when out of memory.
fm_doc *fm_doc_create(size_t memory_limit);

/// Frees the document: every cell and byte of it.
void fm_doc_free(fm_doc *doc);

/// Bytes the document holds (cells, text, byte blocks).
size_t fm_doc_size(const fm_doc *doc);

/// The document's memory limit, and whether an allocation was refused for it.
size_t fm_doc_limit(const fm_doc *doc);
int fm_doc_limit_reached(const fm_doc *doc);

/// Bytes the document may still take before its limit (SIZE_MAX when it has none).
size_t fm_doc_room(const fm_doc *doc);

/// Counts `size` bytes a parse holds beside the document (its nesting stack, its tokenizer's
/// buffers) against the document's limit: 0, and the limit marked reached, when that passes it.
/// fm_doc_uncount gives bytes counted so back when the parse frees them.
int fm_doc_count(fm_doc *doc, size_t size);
void fm_doc_uncount(fm_doc *doc, size_t size);

/// Frees every value and byte the document holds but its adopted text: a parse that failed
/// starts again. Only while no value of the document is in use.
void fm_doc_discard_values(fm_doc *doc);

/// The zero bytes after a document's adopted text.
enum { FM_DOC_TEXT_PADDING = 64 };

/// Copies `text` into the document (with 64 zero bytes after it, so that a SIMD reader may read
/// past its end) and returns the copy, which lives as long as the document; strings that hold no
/// escape then point into it. NULL when out of memory or past the document's limit.
const unsigned char *fm_doc_adopt_text(fm_doc *doc, const unsigned char *text, size_t length);

/// Makes a document that outlives its parse (a `JSON` value's) keep, of the text it adopts, only
/// the bytes its strings and numbers point at: where the simdjson walk reads the text, each is
/// moved to the front of the copy as it is written, over bytes already read, and the walk gives
/// the rest back when it succeeds. A text yajl reads is kept whole, and so is one of
/// FM_DOC_PACKED_BYTES_PER_TOKEN bytes a token or more (document_memory.h: mostly long strings,
/// which moving would hardly shrink). Call before fm_parse.
void fm_doc_pack_text(fm_doc *doc);

/// A writer appends the cells of one value at a time to a document.
typedef struct fm_writer fm_writer;

/// How a writer call ended.
typedef enum fm_write_status {
    FM_WRITE_FAILED = 0,     // out of memory, or past the document's memory limit
    FM_WRITE_OK = 1,
    FM_WRITE_DUPLICATE = 2,  // fm_writer_key: an earlier member has this key; the member is dropped
} fm_write_status;

/// A writer for `doc` (which must outlive it). NULL when out of memory.
fm_writer *fm_writer_create(fm_doc *doc);
void fm_writer_free(fm_writer *writer);
/// Says that the next top-level value is the last this writer writes (a whole document's): its
/// cells are trimmed to their size when it completes, before its root is handed out.
void fm_writer_last_value(fm_writer *w);
/// The document a writer writes into.
fm_doc *fm_writer_document(const fm_writer *w);
/// Makes room for `cells` more cells at once (a hint: when that fails, the writer grows as it
/// writes). What the memory limit counts does not change: cells count as they are written.
void fm_writer_reserve(fm_writer *w, size_t cells);
/// For tests: how many times writers on the calling thread have grown a chunk while writing
/// (fm_writer_reserve's room not counted).
size_t fm_test_writer_grows(void);

int fm_writer_null(fm_writer *w);
int fm_writer_boolean(fm_writer *w, int value);
int fm_writer_integer(fm_writer *w, int64_t value);
/// An integer from a uint64 (a signed integer cell when it is at most INT64_MAX).
int fm_writer_unsigned(fm_writer *w, uint64_t value);
int fm_writer_real(fm_writer *w, double value);
/// A number kept as the text `bytes` (a valid JSON number: the caller checked it).
int fm_writer_number_text(fm_writer *w, const unsigned char *bytes, size_t length);
/// A string of final bytes (decoded, valid UTF-8): pointed at when they lie in the document's
/// adopted text, else copied into the document.
int fm_writer_string(fm_writer *w, const unsigned char *bytes, size_t length);
/// The next member's key (inside an object): FM_WRITE_DUPLICATE when an earlier member of the
/// object has the same key, in which case the value that follows is written and then dropped.
int fm_writer_key(fm_writer *w, const unsigned char *bytes, size_t length);
int fm_writer_start_object(fm_writer *w);
int fm_writer_start_array(fm_writer *w);
/// Closes the innermost open container.
int fm_writer_end(fm_writer *w);
/// Appends a copy of the cells of `value` (a value of any document, which must outlive this
/// one's use of it: its strings are not copied).
int fm_writer_copy(fm_writer *w, const fm_cell *value);
/// fm_writer_copy, and a copy of the bytes its strings and kept numbers point at: the value then
/// needs nothing of its own document (a `JSON` member of a model outliving the text it came from).
int fm_writer_copy_owned(fm_writer *w, const fm_cell *value);

/// The root cell of the top-level value just completed (NULL while one is open or none was
/// written); the writer is then ready for the next top-level value.
const fm_cell *fm_writer_take_root(fm_writer *w);
/// Drops the cells of the top-level value being written (after an error).
void fm_writer_abandon(fm_writer *w);
/// Sets the sparse mark of the innermost open container.
void fm_writer_mark(fm_writer *w, uint32_t mark);

// Reading, for C callers (Swift reads the cells itself).

static inline fm_cell_kind fm_cell_kind_of(const fm_cell *cell) {
    return (fm_cell_kind)(cell->tag & FM_CELL_KIND_MASK);
}
static inline uint64_t fm_cell_size(const fm_cell *cell) { return cell->tag >> FM_CELL_SIZE_SHIFT; }
static inline uint32_t fm_cell_count(const fm_cell *cell) { return (uint32_t)(cell->tag >> FM_CELL_SIZE_SHIFT); }
static inline uint32_t fm_cell_mark(const fm_cell *cell) { return (uint32_t)(cell->tag >> FM_CELL_MARK_SHIFT); }
static inline int fm_cell_is_container(const fm_cell *cell) {
    return fm_cell_kind_of(cell) <= FM_CELL_ARRAY;
}
static inline int fm_cell_is_short(const fm_cell *cell) { return (cell->tag & FM_CELL_SHORT) != 0; }
/// The cell right after `cell`'s own words: in document order, a container's first child.
static inline const fm_cell *fm_cell_after(const fm_cell *cell) {
    return (const fm_cell *)((const uint64_t *)cell + (fm_cell_is_short(cell) ? 1 : 2));
}
/// The cell after `cell` and everything below it.
static inline const fm_cell *fm_cell_next(const fm_cell *cell) {
    return fm_cell_is_container(cell) ? (const fm_cell *)((const uint64_t *)cell + cell->payload.span)
                                      : fm_cell_after(cell);
}
/// The words from `cell` to `end` (a cell after it).
static inline size_t fm_cell_words(const fm_cell *cell, const fm_cell *end) {
    return (size_t)((const uint64_t *)end - (const uint64_t *)cell);
}
/// An integer cell's value (the bits of a uint64 for FM_CELL_UNSIGNED).
static inline int64_t fm_cell_integer(const fm_cell *cell) {
    // An arithmetic shift: the short value's sign comes down with it.
    return fm_cell_is_short(cell) ? (int64_t)cell->tag >> FM_CELL_SIZE_SHIFT : cell->payload.integer;
}
/// A decimal cell's digits as one integer.
static inline uint64_t fm_cell_decimal_digits(const fm_cell *cell) {
    return fm_cell_is_short(cell) ? cell->tag >> FM_CELL_SHORT_DIGITS_SHIFT : cell->payload.unsigned_integer;
}

/// A number cell's value as a double (the nearest, as strtod gives it), or NaN for a text no
/// finite double holds (an integer beyond 64 bits, a magnitude past the double range, a JSON5
/// token such as `Infinity`), whose text is then the only exact reading.
double fm_number_cell_double(const unsigned char *bytes, size_t length);

/// A decimal cell's value as a double (the nearest, as strtod gives it for its text), from its tag
/// and its digits (fm_cell_decimal_digits).
double fm_decimal_cell_double(uint64_t tag, uint64_t digits);

/// The longest text of a decimal cell: a sign, 19 digits and the point.
enum { FM_DECIMAL_TEXT_CAPACITY = 21 };

/// Writes a decimal cell's text, exactly as it was written, into `out` (room for
/// FM_DECIMAL_TEXT_CAPACITY bytes) and returns its length.
size_t fm_decimal_cell_text(uint64_t tag, uint64_t digits, unsigned char *out);

#ifdef __cplusplus
}
#endif

#endif
