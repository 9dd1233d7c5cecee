@_spi(FastMapCore) import FastMapCore
import Foundation

/// The streaming half of ``FastJSONEncoder``: containers write JSON text straight into one
/// byte buffer while the value encodes itself, with no intermediate tree.
///
/// Every container handle names its frame on a stack (index and generation). Writing through
/// a handle ends the frames above it (nested containers and `superEncoder()` positions the
/// value is done with); objects check their keys for repeats and, for `.sortedKeys`, reorder
/// their members' text when they end.
///
/// The few patterns that text written in order cannot reproduce exactly — writing into a
/// container after it ended (nested containers used out of order, a `superEncoder()` used
/// late), a key written twice (`JSONEncoder` keeps the last value, or merges containers), a
/// container requested after a single value, nesting deeper than `JSONEncoder` writes —
/// make the stream bail out; so does writing on after catching an error thrown from inside a
/// member's value. The value is then encoded again by ``EncodingTreeEncoder``, which mirrors
/// `JSONEncoder`'s value tree. Well-behaved values never take that path, and an error that
/// reaches the top is thrown as it is.
final class EncodingStream {
    let settings: EncodingSettings
    /// The mutable state, in the core's ``AddressedCell``: the hot paths change it in place
    /// and pay none of the runtime exclusivity checks a class's stored properties cost.
    let state: AddressedCell<EncodingStreamState>

    private init(settings: EncodingSettings) {
        self.settings = settings
        state = AddressedCell(
            EncodingStreamState(writer: settings.makeWriter(), sharesMemos: settings.usesDefaultKeys))
    }

    /// The JSON text of `value`: streamed, or from the tree encoder when the stream bails out.
    static func encode<T: Encodable>(_ value: T, settings: EncodingSettings) throws -> JSONByteBuffer {
        if let bytes = try streamed(value, settings: settings) { return bytes }
        return try EncodingTreeEncoder.encodeBytes(value, settings: settings)
    }

    static func encode<T: EncodableWithConfiguration>(
        _ value: T, configuration: T.EncodingConfiguration, settings: EncodingSettings
    ) throws -> JSONByteBuffer {
        let bytes = try streamed(settings: settings) { stream in
            try stream.writeThroughSlot(in: -1, component: nil, emptyError: { .fastMapEncodedNothing(value) }) {
                try value.encode(to: $0, configuration: configuration)
            }
        }
        if let bytes { return bytes }
        return try EncodingTreeEncoder.encodeBytes(value, configuration: configuration, settings: settings)
    }

    /// The streamed text of `value`, or nil when the stream bailed out.
    static func streamed<T: Encodable>(_ value: T, settings: EncodingSettings) throws -> JSONByteBuffer? {
        try streamed(settings: settings) { try $0.writeTopLevel(value) }
    }

    private static func streamed(
        settings: EncodingSettings, _ body: (EncodingStream) throws -> Void
    ) throws -> JSONByteBuffer? {
        let stream = EncodingStream(settings: settings)
        do {
            try body(stream)
        } catch {
            if stream.state.value.bailedOut { return nil }
            throw error
        }
        if stream.state.value.memosChanged && stream.settings.usesDefaultKeys {
            EncodingKeyMemoStore.publish(stream.state.value.changedMemos, prettyPrinted: stream.settings.prettyPrinted)
        }
        return stream.state.value.bailedOut ? nil : stream.takeBytes()
    }

    private func takeBytes() -> JSONByteBuffer {
        var writer = settings.makeWriter(capacity: 0)
        swap(&writer, &state.value.writer)
        return writer.buffer
    }

    private func writeTopLevel<T: Encodable>(_ value: T) throws {
        if try writeScalar(value, in: -1, component: nil) { return }
        if try writeNumberArray(value, in: -1, component: nil) { return }
        if try writeSpecial(value, in: -1, component: nil) { return }
        try writeThroughSlot(in: -1, component: nil, emptyError: { .fastMapEncodedNothing(value) }) {
            try value.encode(to: $0)
        }
    }

    // MARK: Values

    /// Writes `value` at the writer's position, as the member or element `component` of the
    /// container on frame `index` (-1 at the top level).
    @inline(__always)
    func writeValue<T: Encodable>(_ value: T, in index: Int, component: CodingPathComponent?) throws {
        do {
            if try writeScalar(value, in: index, component: component) { return }
            if try writeNumberArray(value, in: index, component: component) { return }
            if try writeSpecial(value, in: index, component: component) { return }
            try writeThroughSlot(in: index, component: component) { try value.encode(to: $0) }
        } catch {
            // The member's key or separator is already written: should the caller catch this
            // error and write on, only the tree encoder gets the output right.
            state.value.failedMidMember = true
            throw error
        }
    }

    /// Writes `value` as the member `component` of the object `index`, after `beginMember` has
    /// written its key: a `Double` or `Float` is checked first, so a rejected value leaves no
    /// trace (as in `JSONEncoder`, which checks before storing). The keyed container's and the
    /// `JSONObjectWriter`'s generic members.
    @inline(__always)
    func writeMember<T: Encodable>(
        _ value: T, in index: Int, component: CodingPathComponent, beginMember: () throws -> Void
    ) throws {
        if T.self == Double.self {
            try checkFloat(identityCast(value, to: Double.self), in: index, component: component)
        } else if T.self == Float.self {
            try checkFloat(identityCast(value, to: Float.self), in: index, component: component)
        }
        try beginMember()
        try writeValue(value, in: index, component: component)
    }

    /// Writes the standard library's scalars directly instead of through `encode(to:)`.
    @inline(__always)
    private func writeScalar<T>(_ value: T, in index: Int, component: CodingPathComponent?) throws -> Bool {
        if T.self == String.self {
            state.value.writer.writeString(identityCast(value, to: String.self))
        } else if T.self == Int.self {
            state.value.writer.writeInteger(identityCast(value, to: Int.self))
        } else if T.self == Double.self {
            try writeFloat(identityCast(value, to: Double.self), in: index, component: component)
        } else if T.self == Bool.self {
            state.value.writer.writeBool(identityCast(value, to: Bool.self))
        } else if T.self == Int64.self {
            state.value.writer.writeInteger(identityCast(value, to: Int64.self))
        } else if T.self == UInt64.self {
            state.value.writer.writeInteger(identityCast(value, to: UInt64.self))
        } else if T.self == Float.self {
            try writeFloat(identityCast(value, to: Float.self), in: index, component: component)
        } else if T.self == Int32.self {
            state.value.writer.writeInteger(identityCast(value, to: Int32.self))
        } else if T.self == UInt.self {
            state.value.writer.writeInteger(identityCast(value, to: UInt.self))
        } else if T.self == UInt32.self {
            state.value.writer.writeInteger(identityCast(value, to: UInt32.self))
        } else if T.self == Int16.self {
            state.value.writer.writeInteger(identityCast(value, to: Int16.self))
        } else if T.self == UInt16.self {
            state.value.writer.writeInteger(identityCast(value, to: UInt16.self))
        } else if T.self == Int8.self {
            state.value.writer.writeInteger(identityCast(value, to: Int8.self))
        } else if T.self == UInt8.self {
            state.value.writer.writeInteger(identityCast(value, to: UInt8.self))
        } else {
            return false
        }
        return true
    }

    /// The types `JSONEncoder` writes its own way, whatever their `encode(to:)` does: `Date`,
    /// `Data` (by strategy), `URL` (its absolute string), `Decimal` (its description), and
    /// `[String: Value]` under a key strategy (keys unconverted); and `UUID`, whose
    /// `encode(to:)` writes `uuidString`, written here without Foundation's formatter.
    private func writeSpecial<T>(_ value: T, in index: Int, component: CodingPathComponent?) throws -> Bool {
        if T.self == Date.self {
            try writeDate(identityCast(value, to: Date.self), in: index, component: component)
        } else if T.self == Data.self {
            try writeData(identityCast(value, to: Data.self), in: index, component: component)
        } else if T.self == URL.self {
            state.value.writer.writeString(identityCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            state.value.writer.writeRaw(identityCast(value, to: Decimal.self).description)
        } else if T.self == UUID.self {
            state.value.writer.writeUUID(identityCast(value, to: UUID.self))
        } else if !settings.usesDefaultKeys, let dictionary = CollectionLayout.stringKeyedDictionary(value) {
            try writeDictionary(dictionary, in: index, component: component)
        } else {
            return false
        }
        return true
    }

    /// Writes a finite number, or the string or error the non-conforming float strategy asks
    /// for (`.throw` is forced for dates in seconds or milliseconds, as in `JSONEncoder`).
    @inline(__always)
    func writeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: F, in index: Int, component: CodingPathComponent?,
        strategy: JSONEncoder.NonConformingFloatEncodingStrategy? = nil
    ) throws {
        if value.isFinite {
            state.value.writer.writeFloatingPoint(value)
            return
        }
        switch try settings.classify(
            value, strategy: strategy, path: { state.value.valueNode(index, component).codingPath })
        {
        case .number: state.value.writer.writeFloatingPoint(value)
        case .string(let text): state.value.writer.writeString(text)
        }
    }

    /// Checks a number before its member's key is written, so a rejected value leaves no
    /// trace (as in `JSONEncoder`, which checks before storing).
    @inline(__always)
    func checkFloat<F: BinaryFloatingPoint>(
        _ value: F, in index: Int, component: CodingPathComponent?
    ) throws {
        if value.isFinite { return }
        _ = try settings.classify(value, path: { state.value.valueNode(index, component).codingPath })
    }

    private func writeDate(_ date: Date, in index: Int, component: CodingPathComponent?) throws {
        switch settings.options.dateEncodingStrategy {
        case .deferredToDate:
            // What `Date.encode(to:)` does: one Double through a single-value container.
            try writeFloat(date.timeIntervalSinceReferenceDate, in: index, component: component)
        case .secondsSince1970:
            try writeFloat(date.timeIntervalSince1970, in: index, component: component, strategy: .throw)
        case .millisecondsSince1970:
            try writeFloat(1000.0 * date.timeIntervalSince1970, in: index, component: component, strategy: .throw)
        case .iso8601:
            if !state.value.writer.writeWholeSecondISO8601(date) {
                state.value.writer.writeString(date.formatted(.iso8601))
            }
        case .custom(let closure):
            try writeThroughSlot(in: index, component: component) { try closure(date, $0) }
        @unknown default:
            try writeThroughSlot(in: index, component: component) { try date.encode(to: $0) }
        }
    }

    private func writeData(_ data: Data, in index: Int, component: CodingPathComponent?) throws {
        switch settings.options.dataEncodingStrategy {
        case .deferredToData:
            try writeThroughSlot(in: index, component: component) { try data.encode(to: $0) }
        case .base64:
            state.value.writer.writeString(data.base64EncodedString())
        case .custom(let closure):
            try writeThroughSlot(in: index, component: component) { try closure(data, $0) }
        @unknown default:
            try writeThroughSlot(in: index, component: component) { try data.encode(to: $0) }
        }
    }

    /// `JSONEncoder` writes `[String: Value]` under a key strategy itself: keys as they are,
    /// values encoded by the enclosing encoder, so their coding paths skip the key of the
    /// property or element that holds the dictionary. A dictionary that is itself a member of
    /// such a dictionary keeps its member name (`["a": ["b": .nan]]` fails at `a.b`).
    private func writeDictionary(
        _ dictionary: any StringKeyedEncodableDictionary, in index: Int, component: CodingPathComponent?
    ) throws {
        let isDictionaryMember = if case .key(let key) = component, key is EncodingMemberNameKey { true } else { false }
        let generation = state.value.push(.pending, role: .value, component: component, hidesKey: !isDictionaryMember)
        let slot = state.value.frames.count - 1
        state.value.becomeContainer(.object, slot, generation)
        guard !state.value.bailedOut else { throw EncodingStreamBailout() }
        try dictionary.forEachEncodableMember { key, value in
            guard state.value.prepare(slot, generation) else { throw EncodingStreamBailout() }
            state.value.beginMember(key, in: slot)
            try writeValue(value, in: slot, component: .key(EncodingMemberNameKey(key)))
        }
        try finishSlot(slot, generation, emptyError: nil)
    }

    // MARK: Value positions

    /// Encodes a value through an ``EncodingStreamEncoder`` on a new value position, then
    /// ends the position. A value that encodes nothing is written as `{}`, as in
    /// `JSONEncoder`, except at the top level, where `emptyError` is thrown.
    func writeThroughSlot(
        in index: Int, component: CodingPathComponent?, emptyError: (() -> EncodingError)? = nil,
        _ body: (EncodingStreamEncoder) throws -> Void
    ) throws {
        if state.value.bailedOut { throw EncodingStreamBailout() }
        let generation = state.value.push(.pending, role: .value, component: component)
        let slot = state.value.frames.count - 1
        try body(EncodingStreamEncoder(stream: self, index: slot, generation: generation))
        try finishSlot(slot, generation, emptyError: emptyError)
    }

    func finishSlot(_ slot: Int, _ generation: Int, emptyError: (() -> EncodingError)?) throws {
        guard state.value.prepare(slot, generation) else { throw EncodingStreamBailout() }
        if let emptyError, state.value.frames[slot].kind == .pending {
            throw emptyError()
        }
        guard state.value.closeTop() else { throw EncodingStreamBailout() }
    }

    // MARK: Keys

    /// The key written for `key` under the key strategy, for the container on frame `index`.
    @inline(__always)
    func writtenKey<Key: CodingKey>(_ key: Key, in index: Int) -> String {
        if settings.usesDefaultKeys { return key.stringValue }
        switch settings.options.keyEncodingStrategy {
        case .convertToSnakeCase:
            let original = key.stringValue
            return state.value.snakeCase.convert(original)
        case .custom(let transform):
            return transform(CodingPathNode(parent: state.value.containerNode(index), component: .key(key)).codingPath)
                .stringValue
        default:
            return key.stringValue
        }
    }
}
