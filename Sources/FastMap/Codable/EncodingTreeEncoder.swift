@_spi(FastMapCore) import FastMapCore
import Foundation

/// The fallback encoder: builds a value tree with `JSONEncoder`'s semantics, for the values
/// the streaming encoder cannot write in order (see ``EncodingStream``) and for
/// ``FastJSONEncoder/encodeToJSON(_:)``.
///
/// Like `JSONEncoder`'s, each encoder holds one value position: a single value, or an array
/// or object still being written. Sub-encoders are made per keyed or indexed value, each
/// with its coding path as a ``CodingPathNode`` linked to its owner's.
class EncodingTreeEncoder: Encoder {
    let session: EncodingTreeSession
    private(set) var singleValue: EncodingTreeValue?
    private(set) var array: EncodingTreeArray?
    private(set) var object: EncodingTreeObject?
    /// This encoder's coding path: its owner's, then its own key (the owner's when it has
    /// none).
    private(set) var node: CodingPathNode?
    /// How many encoders lead to this one: each is inside a container of the one before.
    let depth: Int

    init(session: EncodingTreeSession, owner: EncodingTreeEncoder?, key: (any CodingKey)?) {
        self.session = session
        node = key.map { CodingPathNode(parent: owner?.node, component: .key($0)) } ?? owner?.node
        depth = (owner?.depth ?? -1) + 1
    }

    // MARK: Entry points

    static func encodeBytes<T: Encodable>(_ value: T, settings: EncodingSettings) throws -> JSONByteBuffer {
        let tree = try encodeTopLevel(value, settings: settings)
        var writer = settings.makeWriter()
        try tree.write(to: &writer, topLevel: value)
        return writer.buffer
    }

    static func encodeBytes<T: EncodableWithConfiguration>(
        _ value: T, configuration: T.EncodingConfiguration, settings: EncodingSettings
    ) throws -> JSONByteBuffer {
        let tree = try encodeTopLevel(value, settings: settings) { root in
            try root.encodeInSubEncoder(for: nil) { try value.encode(to: $0, configuration: configuration) }
        }
        var writer = settings.makeWriter()
        try tree.write(to: &writer, topLevel: value)
        return writer.buffer
    }

    static func encodeTopLevel<T: Encodable>(_ value: T, settings: EncodingSettings) throws -> EncodingTreeValue {
        try encodeTopLevel(value, settings: settings) { try $0.wrapGeneric(value, for: nil) }
    }

    private static func encodeTopLevel<T>(
        _ value: T, settings: EncodingSettings, _ body: (EncodingTreeEncoder) throws -> EncodingTreeValue?
    ) throws -> EncodingTreeValue {
        let session = EncodingTreeSession(settings: settings, topLevel: value)
        let result: EncodingTreeValue?
        do {
            result = try body(EncodingTreeEncoder(session: session, owner: nil, key: nil))
        } catch {
            throw session.misuse ?? error
        }
        if let misuse = session.misuse { throw misuse }
        guard let result else { throw EncodingError.fastMapEncodedNothing(value) }
        return result
    }

    // MARK: Encoder

    var codingPath: [any CodingKey] { node.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { session.settings.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let object {
            return KeyedEncodingContainer(EncodingTreeKeyedContainer<Key>(encoder: self, object: object, node: node))
        }
        if let converted = singleValue?.objectReference {
            singleValue = nil
            object = converted
            return KeyedEncodingContainer(EncodingTreeKeyedContainer<Key>(encoder: self, object: converted, node: node))
        }
        let newObject = EncodingTreeObject()
        if singleValue == nil && array == nil {
            object = newObject
        } else {
            session.recordMisuse(
                "Attempt to push new keyed encoding container when already previously encoded at this path.",
                codingPath: codingPath)
        }
        return KeyedEncodingContainer(EncodingTreeKeyedContainer<Key>(encoder: self, object: newObject, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if let array {
            return EncodingTreeUnkeyedContainer(encoder: self, array: array, node: node)
        }
        if let converted = singleValue?.arrayReference {
            singleValue = nil
            array = converted
            return EncodingTreeUnkeyedContainer(encoder: self, array: converted, node: node)
        }
        let newArray = EncodingTreeArray()
        if singleValue == nil && object == nil {
            array = newArray
        } else {
            session.recordMisuse(
                "Attempt to push new unkeyed encoding container when already previously encoded at this path.",
                codingPath: codingPath)
        }
        return EncodingTreeUnkeyedContainer(encoder: self, array: newArray, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The finished value of this position, leaving the encoder empty for reuse.
    func takeValue() -> EncodingTreeValue? {
        defer {
            object = nil
            array = nil
            singleValue = nil
        }
        if let object { return object.value }
        if let array { return array.value }
        return singleValue
    }

    // MARK: Wrapping values

    func wrapFloat<F: BinaryFloatingPoint>(
        _ value: F, for key: (any CodingKey)?, strategy: JSONEncoder.NonConformingFloatEncodingStrategy? = nil
    ) throws -> EncodingTreeValue {
        let classified = try session.settings.classify(value, strategy: strategy) {
            (key.map { CodingPathNode(parent: node, component: .key($0)) } ?? node).codingPath
        }
        switch classified {
        case .number: return .number(F.self == Float.self ? .float(Float(value)) : .double(Double(value)))
        case .string(let text): return .string(text)
        }
    }

    /// A value encoded at a new position (`nil`: where nothing was encoded becomes `{}`).
    func wrap<T: Encodable>(_ value: T, for key: (any CodingKey)?) throws -> EncodingTreeValue {
        try wrapGeneric(value, for: key) ?? .object([])
    }

    /// `JSONEncoder`'s special types first, then the value's own `encode(to:)` through a
    /// sub-encoder for `key` (this encoder when `key` is nil). Nil when nothing was encoded.
    func wrapGeneric<T: Encodable>(_ value: T, for key: (any CodingKey)?) throws -> EncodingTreeValue? {
        if T.self == Date.self { return try wrapDate(identityCast(value, to: Date.self), for: key) }
        if T.self == Data.self { return try wrapData(identityCast(value, to: Data.self), for: key) }
        if T.self == URL.self { return .string(identityCast(value, to: URL.self).absoluteString) }
        if T.self == Decimal.self { return .number(.text(identityCast(value, to: Decimal.self).description)) }
        if T.self == UUID.self { return .string(JSONUUIDText.text(of: identityCast(value, to: UUID.self))) }
        if !session.settings.usesDefaultKeys, let dictionary = CollectionLayout.stringKeyedDictionary(value) {
            return try wrapDictionary(dictionary)
        }
        return try encodeInSubEncoder(for: key) { try value.encode(to: $0) }
    }

    func encodeInSubEncoder(
        for key: (any CodingKey)?, _ body: (EncodingTreeEncoder) throws -> Void
    ) throws -> EncodingTreeValue? {
        let encoder = try key.map { try subEncoder(key: $0) } ?? self
        try body(encoder)
        return encoder.takeValue()
    }

    /// An encoder for a value inside this one's container. At 512 levels the output is
    /// certain to be too deep for `JSONEncoder`; failing here keeps self-referencing values
    /// from exhausting the stack.
    func subEncoder(key: (any CodingKey)?) throws -> EncodingTreeEncoder {
        guard depth + 1 < EncodingSettings.depthLimit else { throw EncodingError.fastMapTooDeep(session.topLevel) }
        return EncodingTreeEncoder(session: session, owner: self, key: key)
    }

    private func wrapDate(_ date: Date, for key: (any CodingKey)?) throws -> EncodingTreeValue {
        switch session.settings.options.dateEncodingStrategy {
        case .deferredToDate:
            return try encodeInSubEncoder(for: key) { try date.encode(to: $0) } ?? .object([])
        case .secondsSince1970:
            return try wrapFloat(date.timeIntervalSince1970, for: key, strategy: .throw)
        case .millisecondsSince1970:
            return try wrapFloat(1000.0 * date.timeIntervalSince1970, for: key, strategy: .throw)
        case .iso8601:
            return .string(JSONDateText.wholeSecondISO8601(date) ?? date.formatted(.iso8601))
        case .custom(let closure):
            return try encodeInSubEncoder(for: key) { try closure(date, $0) } ?? .object([])
        @unknown default:
            return try encodeInSubEncoder(for: key) { try date.encode(to: $0) } ?? .object([])
        }
    }

    private func wrapData(_ data: Data, for key: (any CodingKey)?) throws -> EncodingTreeValue {
        switch session.settings.options.dataEncodingStrategy {
        case .deferredToData:
            return try encodeInSubEncoder(for: key) { try data.encode(to: $0) } ?? .object([])
        case .base64:
            return .string(data.base64EncodedString())
        case .custom(let closure):
            return try encodeInSubEncoder(for: key) { try closure(data, $0) } ?? .object([])
        @unknown default:
            return try encodeInSubEncoder(for: key) { try data.encode(to: $0) } ?? .object([])
        }
    }

    /// `[String: Value]` under a key strategy: keys unconverted, each value encoded by one
    /// encoder owned by this one (so the dictionary's own key is not in their paths).
    private func wrapDictionary(_ dictionary: any StringKeyedEncodableDictionary) throws -> EncodingTreeValue {
        let result = EncodingTreeObject()
        let encoder = try subEncoder(key: nil)
        try dictionary.forEachEncodableMember { key, value in
            encoder.node = CodingPathNode(parent: node, component: .key(EncodingMemberNameKey(key)))
            result.set(.value(try encoder.wrap(value, for: nil)), for: key)
        }
        return result.value
    }
}

// MARK: Single value container

extension EncodingTreeEncoder: SingleValueEncodingContainer {
    /// `JSONEncoder` stops the process on a second value; this records the misuse instead.
    private func canEncodeNewValue() -> Bool {
        guard singleValue == nil else {
            session.recordMisuse(
                "Attempt to encode value through single value container when previously value already encoded.",
                codingPath: codingPath)
            return false
        }
        return true
    }

    func encodeNil() throws {
        if canEncodeNewValue() { singleValue = .null }
    }

    func encode(_ value: Bool) throws {
        if canEncodeNewValue() { singleValue = .bool(value) }
    }

    func encode(_ value: String) throws {
        if canEncodeNewValue() { singleValue = .string(value) }
    }

    func encode(_ value: Double) throws {
        if canEncodeNewValue() { singleValue = try wrapFloat(value, for: nil) }
    }

    func encode(_ value: Float) throws {
        if canEncodeNewValue() { singleValue = try wrapFloat(value, for: nil) }
    }

    private func encodeInteger<T: FixedWidthInteger>(_ value: T) {
        if canEncodeNewValue() { singleValue = .number(EncodingTreeNumber(value)) }
    }

    func encode(_ value: Int) throws { encodeInteger(value) }
    func encode(_ value: Int8) throws { encodeInteger(value) }
    func encode(_ value: Int16) throws { encodeInteger(value) }
    func encode(_ value: Int32) throws { encodeInteger(value) }
    func encode(_ value: Int64) throws { encodeInteger(value) }
    func encode(_ value: Int128) throws { encodeInteger(value) }
    func encode(_ value: UInt) throws { encodeInteger(value) }
    func encode(_ value: UInt8) throws { encodeInteger(value) }
    func encode(_ value: UInt16) throws { encodeInteger(value) }
    func encode(_ value: UInt32) throws { encodeInteger(value) }
    func encode(_ value: UInt64) throws { encodeInteger(value) }
    func encode(_ value: UInt128) throws { encodeInteger(value) }

    func encode<T: Encodable>(_ value: T) throws {
        if canEncodeNewValue() { singleValue = try wrap(value, for: nil) }
    }
}

// MARK: superEncoder
