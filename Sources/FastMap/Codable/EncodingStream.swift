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
    let state: UnsafeMutablePointer<EncodingStreamState>

    private init(settings: EncodingSettings) {
        self.settings = settings
        state = .allocate(capacity: 1)
        state.initialize(to: EncodingStreamState(writer: settings.makeWriter()))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    static func encode<T: Encodable>(_ value: T, settings: EncodingSettings) throws -> [UInt8] {
        if let bytes = try streamed(value, settings: settings) { return bytes }
        return try EncodingTreeEncoder.encodeBytes(value, settings: settings)
    }

    static func encode<T: EncodableWithConfiguration>(
        _ value: T, configuration: T.EncodingConfiguration, settings: EncodingSettings
    ) throws -> [UInt8] {
        let bytes = try streamed(settings: settings) { stream in
            try stream.writeThroughSlot(in: -1, component: .none, emptyError: { .fastMapEncodedNothing(value) }) {
                try value.encode(to: $0, configuration: configuration)
            }
        }
        if let bytes { return bytes }
        return try EncodingTreeEncoder.encodeBytes(value, configuration: configuration, settings: settings)
    }

    /// The streamed text of `value`, or nil when the stream bailed out.
    static func streamed<T: Encodable>(_ value: T, settings: EncodingSettings) throws -> [UInt8]? {
        try streamed(settings: settings) { try $0.writeTopLevel(value) }
    }

    private static func streamed(
        settings: EncodingSettings, _ body: (EncodingStream) throws -> Void
    ) throws -> [UInt8]? {
        let stream = EncodingStream(settings: settings)
        do {
            try body(stream)
        } catch {
            if stream.state.pointee.bailedOut { return nil }
            throw error
        }
        return stream.state.pointee.bailedOut ? nil : stream.takeBytes()
    }

    private func takeBytes() -> [UInt8] {
        var writer = settings.makeWriter(capacity: 0)
        swap(&writer, &state.pointee.writer)
        return writer.bytes
    }

    private func writeTopLevel<T: Encodable>(_ value: T) throws {
        if try writeScalar(value, in: -1, component: .none) { return }
        if try writeNumberArray(value, in: -1, component: .none) { return }
        if try writeSpecial(value, in: -1, component: .none) { return }
        try writeThroughSlot(in: -1, component: .none, emptyError: { .fastMapEncodedNothing(value) }) {
            try value.encode(to: $0)
        }
    }

    // MARK: Values

    /// Writes `value` at the writer's position, as the member or element `component` of the
    /// container on frame `index` (-1 at the top level).
    @inline(__always)
    func writeValue<T: Encodable>(_ value: T, in index: Int, component: EncodingPathComponent) throws {
        do {
            if try writeScalar(value, in: index, component: component) { return }
            if try writeNumberArray(value, in: index, component: component) { return }
            if try writeSpecial(value, in: index, component: component) { return }
            try writeThroughSlot(in: index, component: component) { try value.encode(to: $0) }
        } catch {
            // The member's key or separator is already written: should the caller catch this
            // error and write on, only the tree encoder gets the output right.
            state.pointee.failedMidMember = true
            throw error
        }
    }

    /// Writes the standard library's scalars directly instead of through `encode(to:)`.
    @inline(__always)
    private func writeScalar<T>(_ value: T, in index: Int, component: EncodingPathComponent) throws -> Bool {
        if T.self == String.self {
            state.pointee.writer.writeString(identityCast(value, to: String.self))
        } else if T.self == Int.self {
            state.pointee.writer.writeInteger(identityCast(value, to: Int.self))
        } else if T.self == Double.self {
            try writeFloat(identityCast(value, to: Double.self), in: index, component: component)
        } else if T.self == Bool.self {
            state.pointee.writer.writeBool(identityCast(value, to: Bool.self))
        } else if T.self == Int64.self {
            state.pointee.writer.writeInteger(identityCast(value, to: Int64.self))
        } else if T.self == UInt64.self {
            state.pointee.writer.writeInteger(identityCast(value, to: UInt64.self))
        } else if T.self == Float.self {
            try writeFloat(identityCast(value, to: Float.self), in: index, component: component)
        } else if T.self == Int32.self {
            state.pointee.writer.writeInteger(identityCast(value, to: Int32.self))
        } else if T.self == UInt.self {
            state.pointee.writer.writeInteger(identityCast(value, to: UInt.self))
        } else if T.self == UInt32.self {
            state.pointee.writer.writeInteger(identityCast(value, to: UInt32.self))
        } else if T.self == Int16.self {
            state.pointee.writer.writeInteger(identityCast(value, to: Int16.self))
        } else if T.self == UInt16.self {
            state.pointee.writer.writeInteger(identityCast(value, to: UInt16.self))
        } else if T.self == Int8.self {
            state.pointee.writer.writeInteger(identityCast(value, to: Int8.self))
        } else if T.self == UInt8.self {
            state.pointee.writer.writeInteger(identityCast(value, to: UInt8.self))
        } else {
            return false
        }
        return true
    }

    /// The types `JSONEncoder` writes its own way, whatever their `encode(to:)` does: `Date`,
    /// `Data` (by strategy), `URL` (its absolute string), `Decimal` (its description), and
    /// `[String: Value]` under a key strategy (keys unconverted).
    private func writeSpecial<T>(_ value: T, in index: Int, component: EncodingPathComponent) throws -> Bool {
        if T.self == Date.self {
            try writeDate(identityCast(value, to: Date.self), in: index, component: component)
        } else if T.self == Data.self {
            try writeData(identityCast(value, to: Data.self), in: index, component: component)
        } else if T.self == URL.self {
            state.pointee.writer.writeString(identityCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            state.pointee.writer.writeRaw(identityCast(value, to: Decimal.self).description)
        } else if !settings.usesDefaultKeys, let dictionary = value as? any StringKeyedEncodableDictionary {
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
        _ value: F, in index: Int, component: EncodingPathComponent,
        strategy: JSONEncoder.NonConformingFloatEncodingStrategy? = nil
    ) throws {
        if value.isFinite {
            state.pointee.writer.writeFloatingPoint(value)
            return
        }
        switch try settings.classify(value, strategy: strategy, path: { state.pointee.valuePath(index, component) }) {
        case .number: state.pointee.writer.writeFloatingPoint(value)
        case .string(let text): state.pointee.writer.writeString(text)
        }
    }

    /// Checks a number before its member's key is written, so a rejected value leaves no
    /// trace (as in `JSONEncoder`, which checks before storing).
    @inline(__always)
    func checkFloat<F: BinaryFloatingPoint>(
        _ value: F, in index: Int, component: EncodingPathComponent
    ) throws {
        if value.isFinite { return }
        _ = try settings.classify(value, path: { state.pointee.valuePath(index, component) })
    }

    private func writeDate(_ date: Date, in index: Int, component: EncodingPathComponent) throws {
        switch settings.options.dateEncodingStrategy {
        case .deferredToDate:
            // What `Date.encode(to:)` does: one Double through a single-value container.
            try writeFloat(date.timeIntervalSinceReferenceDate, in: index, component: component)
        case .secondsSince1970:
            try writeFloat(date.timeIntervalSince1970, in: index, component: component, strategy: .throw)
        case .millisecondsSince1970:
            try writeFloat(1000.0 * date.timeIntervalSince1970, in: index, component: component, strategy: .throw)
        case .iso8601:
            state.pointee.writer.writeString(date.formatted(.iso8601))
        case .custom(let closure):
            try writeThroughSlot(in: index, component: component) { try closure(date, $0) }
        @unknown default:
            try writeThroughSlot(in: index, component: component) { try date.encode(to: $0) }
        }
    }

    private func writeData(_ data: Data, in index: Int, component: EncodingPathComponent) throws {
        switch settings.options.dataEncodingStrategy {
        case .deferredToData:
            try writeThroughSlot(in: index, component: component) { try data.encode(to: $0) }
        case .base64:
            state.pointee.writer.writeString(data.base64EncodedString())
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
        _ dictionary: any StringKeyedEncodableDictionary, in index: Int, component: EncodingPathComponent
    ) throws {
        let isDictionaryMember = if case .name = component { true } else { false }
        let generation = state.pointee.push(.pending, role: .value, component: component, hidesKey: !isDictionaryMember)
        let slot = state.pointee.frames.count - 1
        state.pointee.becomeContainer(.object, slot, generation)
        guard !state.pointee.bailedOut else { throw EncodingStreamBailout() }
        try dictionary.forEachEncodableMember { key, value in
            guard state.pointee.prepare(slot, generation) else { throw EncodingStreamBailout() }
            state.pointee.beginMember(key, in: slot)
            try writeValue(value, in: slot, component: .name(key))
        }
        try finishSlot(slot, generation, emptyError: nil)
    }

    // MARK: Value positions

    /// Encodes a value through an ``EncodingStreamEncoder`` on a new value position, then
    /// ends the position. A value that encodes nothing is written as `{}`, as in
    /// `JSONEncoder`, except at the top level, where `emptyError` is thrown.
    func writeThroughSlot(
        in index: Int, component: EncodingPathComponent, emptyError: (() -> EncodingError)? = nil,
        _ body: (EncodingStreamEncoder) throws -> Void
    ) throws {
        if state.pointee.bailedOut { throw EncodingStreamBailout() }
        let generation = state.pointee.push(.pending, role: .value, component: component)
        let slot = state.pointee.frames.count - 1
        try body(EncodingStreamEncoder(stream: self, index: slot, generation: generation))
        try finishSlot(slot, generation, emptyError: emptyError)
    }

    func finishSlot(_ slot: Int, _ generation: Int, emptyError: (() -> EncodingError)?) throws {
        guard state.pointee.prepare(slot, generation) else { throw EncodingStreamBailout() }
        if let emptyError, state.pointee.frames[slot].kind == .pending {
            throw emptyError()
        }
        guard state.pointee.closeTop() else { throw EncodingStreamBailout() }
    }

    // MARK: Keys

    /// The key written for `key` under the key strategy, for the container on frame `index`.
    @inline(__always)
    func writtenKey<Key: CodingKey>(_ key: Key, in index: Int) -> String {
        if settings.usesDefaultKeys { return key.stringValue }
        switch settings.options.keyEncodingStrategy {
        case .convertToSnakeCase:
            let original = key.stringValue
            return state.pointee.snakeCase.convert(original)
        case .custom(let transform):
            var path = state.pointee.containerPath(index)
            path.append(key)
            return transform(path).stringValue
        default:
            return key.stringValue
        }
    }
}
