#include <stddef.h>

// Two things Swift code does for a type it knows only at run time, done here without the
// runtime's metadata lookup (hashed, on every call) that the Swift code needs: handing a keyed
// container box back as a container, and finding the value inside an optional. Each function is
// declared in Swift with `@_silgen_name` and called in Swift's own convention.
//
// 1. Handing a keyed container box back to Swift as a `KeyedDecodingContainer<Key>` or
// `KeyedEncodingContainer<Key>` (see KeyedContainerBoxes.swift in FastMapCore).
//
// Swift code would look the container type's metadata up to copy the value into place, though
// the value is one object reference whatever the key. Declared as generic functions returning
// the container, these get the caller's result address, which they fill with the box, retained
// (a returned value is owned). FastMapCore calls them only once it has checked that both
// container types are one reference.

#if defined(__x86_64__)

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

// 2. The value inside an optional `T?` (see OptionalPayload.swift in FastMapCore). An
// optional's value lies at its start, and which case it holds is told by the payload type's
// value witness `getEnumTagSinglePayload` (0: the payload; 1...n: the n empty cases, here the one
// `none`); `initializeWithCopy` copies the value out. Both are entries of the value witness
// table found just before the type's metadata, in the layout Swift's ABI fixes
// (docs/ABI/TypeMetadata.rst): the third and the seventh. Each function reads the optional only
// during the call (Swift may pass the address of a temporary that lives no longer).
typedef FM_SWIFTCALL unsigned (*fm_enum_tag_single_payload)(const void *value, unsigned empty_cases,
                                                             const void *metadata);
typedef FM_SWIFTCALL void *(*fm_initialize_with_copy)(void *destination, const void *source, const void *metadata);

static inline const void *const *value_witnesses(const void *metadata) {
    return ((const void *const *const *)metadata)[-1];
}

FM_SWIFTCALL _Bool fm_swift_optional_is_some(const void *optional, const void *payload_metadata) {
    fm_enum_tag_single_payload tag = (fm_enum_tag_single_payload)value_witnesses(payload_metadata)[6];
    return tag(optional, 1, payload_metadata) == 0;
}

// The caller has checked that `optional` holds a value; the copy returned is owned.
FM_SWIFTCALL void fm_swift_optional_payload(FM_INDIRECT_RESULT void *payload, const void *optional,
                                            const void *payload_metadata) {
    fm_initialize_with_copy copy = (fm_initialize_with_copy)value_witnesses(payload_metadata)[2];
    copy(payload, optional, payload_metadata);
}

#endif
