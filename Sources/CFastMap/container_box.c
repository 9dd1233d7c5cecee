#include <stddef.h>

// Handing a keyed container box back to Swift as a `KeyedDecodingContainer<Key>` or
// `KeyedEncodingContainer<Key>` (see KeyedContainerBoxes.swift in FastMapCore).
//
// Swift code that makes a value of one of those types for a `Key` it only knows at run time
// must first look up the type's metadata (a hashed runtime lookup, on every call) to copy the
// value into place, even though the value is one object reference whatever the key. These
// functions are declared in Swift with `@_silgen_name` as generic functions returning the
// container; in Swift's calling convention the container is returned through the caller's
// address, which they fill with the box, retained (a returned value is owned). FastMapCore calls
// them only once it has checked that both container types are one reference.

#if defined(__x86_64__) || defined(__aarch64__)

extern void *swift_retain(void *object);

#define FM_SWIFTCALL __attribute__((swiftcall))
#define FM_INDIRECT_RESULT __attribute__((swift_indirect_result))

// Swift passes the key's metatype, metadata and `CodingKey` witness table after the box; these
// functions have no use for them and do not declare them.
FM_SWIFTCALL void fm_swift_keyed_decoding_container(FM_INDIRECT_RESULT void **container, void *box) {
    *container = swift_retain(box);
}

FM_SWIFTCALL void fm_swift_keyed_encoding_container(FM_INDIRECT_RESULT void **container, void *box) {
    *container = swift_retain(box);
}

#endif
