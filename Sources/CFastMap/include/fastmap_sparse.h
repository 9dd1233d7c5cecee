#ifndef FASTMAP_SPARSE_H
#define FASTMAP_SPARSE_H

// Sparse materialization: a whole-document parse that builds only the members a schema names.
// Every byte is still tokenized and validated (strings' UTF-8 and escapes, the nesting limit),
// so a sparse parse fails exactly where and how a full one does; it only creates fewer nodes.

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One member a schema node keeps: its key (exact bytes, after escapes) and the schema of its
/// value (an index into fm_sparse_schema.nodes).
typedef struct fm_sparse_member {
    const char *key;
    size_t length;
    uint32_t child;
} fm_sparse_member;

/// What to build of the value at one position. keep_all != 0: the value and everything below it,
/// in full. Otherwise an object keeps only members[first_member ..< first_member + member_count]
/// and an array keeps every element, each built by the node `element`. Scalars are always built.
/// key_signatures has the bit fm_sparse_key_signature(key) set for every key in members, so most
/// keys the node does not keep are turned away without looking at its members. The others are
/// looked up in the node's hash slots, slots[first_slot ... first_slot + slot_mask] (a power of
/// two of them, at least twice the members, so one is always free): a key's search starts at
/// fm_sparse_key_hash(key) & slot_mask and goes on to the next slot (wrapping) until it finds
/// the key or a free slot. A used slot holds its key's whole hash in its high 32 bits and 1 + the
/// index of its member in the schema's members in its low ones (0: free), so a slot of another
/// key is passed over without reading its member.
typedef struct fm_sparse_node {
    uint32_t keep_all;
    uint32_t element;
    uint32_t first_member;
    uint32_t member_count;
    uint64_t key_signatures;
    uint32_t first_slot;
    uint32_t slot_mask;
    /// Non-zero: every member is kept, each value under `element` (an object read as a
    /// dictionary); first_member..member_count and the slots are empty then.
    uint32_t every_member;
    /// Non-zero: some member's key holds `K`, `;` or `` ` ``, which a document may spell with
    /// the non-ASCII characters equal to them (fm_ascii_spellings). A key matching no member
    /// byte for byte is then kept under the member it spells that way.
    uint32_t other_spellings;
} fm_sparse_node;

/// The bit of a key in fm_sparse_node.key_signatures: one of 64, from the key's length and its
/// first and last bytes.
static inline uint64_t fm_sparse_key_signature(const unsigned char *key, size_t length) {
    size_t mix = length == 0 ? 0 : length * 11 + (size_t)key[0] * 3 + (size_t)key[length - 1] * 7;
    return 1ULL << (mix & 63);
}

/// Where a key's search among a node's slots starts (see fm_sparse_node): its first and last
/// eight bytes (four for keys of 4 to 7 bytes; the first, middle and last byte of shorter ones)
/// and its length, multiplied into the high bits. Loads, not a loop over the bytes of a short key
/// (most keys are short, and the loop's length changed from key to key). The value depends on
/// the machine's byte order, which the schema and the parse share.
static inline uint32_t fm_sparse_key_hash(const unsigned char *key, size_t length) {
    uint64_t head = 0, tail = 0;
    if (length >= 8) {
        memcpy(&head, key, 8);
        memcpy(&tail, key + length - 8, 8);
    } else if (length >= 4) {
        uint32_t first, last;
        memcpy(&first, key, 4);
        memcpy(&last, key + length - 4, 4);
        head = first;
        tail = last;
    } else if (length > 0) {
        head = (uint64_t)key[0] | (uint64_t)key[length >> 1] << 8 | (uint64_t)key[length - 1] << 16;
    }
    uint64_t mixed = (head ^ (tail << 29 | tail >> 35) ^ length) * 0x9E3779B97F4A7C15ULL;
    return (uint32_t)(mixed >> 32);
}

/// Unicode canonical equivalence (how Swift compares strings, so how JSONDecoder matches keys)
/// makes exactly three non-ASCII characters equal to an ASCII one: KELVIN SIGN (U+212A) to `K`,
/// GREEK QUESTION MARK (U+037E) to `;` and GREEK VARIA (U+1FEF) to `` ` ``. This table is the
/// one place that names them.
static const struct fm_ascii_spelling {
    char ascii;
    unsigned char length;
    unsigned char utf8[3];
} fm_ascii_spellings[3] = {
    {'K', 3, {0xE2, 0x84, 0xAA}},
    {';', 2, {0xCD, 0xBE}},
    {'`', 3, {0xE1, 0xBF, 0xAF}},
};

/// The ASCII character that the character at the start of bytes[0 ..< length] (length > 0) is
/// equal to: an ASCII byte itself, or the one an fm_ascii_spellings entry spells; its byte count
/// goes in *count, 0 when it is equal to no ASCII character.
static inline char fm_ascii_equivalent(const unsigned char *bytes, size_t length, size_t *count) {
    *count = 1;
    if (bytes[0] < 0x80) return (char)bytes[0];
    for (int entry = 0; entry < 3; entry++) {
        const struct fm_ascii_spelling *spelling = &fm_ascii_spellings[entry];
        if (length >= spelling->length && memcmp(bytes, spelling->utf8, spelling->length) == 0) {
            *count = spelling->length;
            return spelling->ascii;
        }
    }
    *count = 0;
    return 0;
}

/// Whether a text holding `byte` may be spelled with other bytes that compare equal: any
/// non-ASCII byte, and the ASCII characters of fm_ascii_spellings. A text of other ASCII bytes
/// only is spelled one way.
static inline int fm_byte_has_other_spellings(unsigned char byte) {
    if (byte >= 0x80) return 1;
    for (int entry = 0; entry < 3; entry++)
        if (byte == (unsigned char)fm_ascii_spellings[entry].ascii) return 1;
    return 0;
}

/// A schema: nodes[0] is the root's. Every index in it must be in range (the Swift side that
/// builds it guarantees that); it is only read during the parse.
typedef struct fm_sparse_schema {
    const fm_sparse_node *nodes;
    const fm_sparse_member *members;
    size_t node_count;
    const uint64_t *slots;
    /// How many members there are (every node's lie in members[0 ..< member_count]).
    size_t member_count;
} fm_sparse_schema;

/// The member of schema node `index` whose key is exactly `key`, or else (for a node with
/// other_spellings) whose ASCII key `key` spells with fm_ascii_spellings' characters; NULL
/// when none is (also for an index out of range): what
/// the builder keeps of an object that node filters, and what the decoder asks when a member it
/// looks for is missing from such an object.
const fm_sparse_member *fm_sparse_node_member(const fm_sparse_schema *schema, uint32_t index,
                                              const unsigned char *key, size_t length);

/// Test support: the keys of filtered objects this thread's sparse builds found through the
/// builder's hint (the key that followed the same one in the object before) without a lookup.
size_t fm_sparse_hinted_keys(void);

/// The mark fm_parse gives each container it writes under a schema (fm_cell_mark): 0 when it
/// was built in full, below it too, else 1 + the index of the schema node that filtered it.

#ifdef __cplusplus
}
#endif

#endif
