/// Which types may be arrays or dictionaries, known without the runtime's conformance check.
///
/// The coders look for `Array` and `Dictionary` (``DecodableArray``, ``LossyDecodableArray``,
/// ``StringKeyedDictionary``, `StringKeyedEncodableDictionary`: FastMap conforms no other type)
/// with `as?` casts, remembered per type. The runtime answers the first cast of a type by searching
/// every conformance the process has loaded, about 240,000 instructions on Swift 6.3 on Linux:
/// ten such searches were 37% of the instructions of a first decode of github_events.json, more
/// than its parse. An array or a dictionary is one reference in size and alignment, whatever its
/// elements; most models (structs of several members, enums) are not, and are skipped here.
enum CollectionLayout {
    /// Whether `T` has the layout of an `Array` or a `Dictionary` (false: it is neither).
    @inline(__always)
    static func mayBeArrayOrDictionary<T>(_ type: T.Type) -> Bool {
        MemoryLayout<T>.size == MemoryLayout<[UInt8]>.size
            && MemoryLayout<T>.alignment == MemoryLayout<[UInt8]>.alignment
    }

    /// `value` as a `[String: Encodable]` dictionary, which the encoders write with its keys
    /// exempt from the key strategy; nil for any other value.
    @inline(__always)
    static func stringKeyedDictionary<T>(_ value: T) -> (any StringKeyedEncodableDictionary)? {
        guard mayBeArrayOrDictionary(T.self) else { return nil }
        return value as? any StringKeyedEncodableDictionary
    }
}
