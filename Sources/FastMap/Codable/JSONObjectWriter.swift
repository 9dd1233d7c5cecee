@_spi(FastMapCore) import FastMapCore
import Foundation

/// Writes the members of one JSON object straight into ``FastJSONEncoder``'s output without the
/// `Encoder` protocol: the writer the generated `encode(to:)` of a `@JSONModel` struct or final
/// class hands its `encode(writer:)` when FastJSONEncoder encodes it.
///
/// Keys are written in the source (`StaticString`). Once the encoder has learned a model's keys
/// (from its second object on), each key's text is copied as it was learned, and an object whose
/// keys all came in learned order needs no check for repeated keys; scalars are written in
/// place. The output, the order of members and every error are those of the keyed container
/// the `Codable` route writes through: `.sortedKeys` sorts, NaN and infinities follow the
/// non-conforming float strategy at the same coding path, and values of other types (`Date`,
/// `Data`, `UUID`, `[String: T]`, nested models, any `Encodable`) are written as FastJSONEncoder
/// writes them, with its strategies.
///
/// What `@JSONModel` writes for `struct User { let id: Int; @Key("profile.name") var name:
/// String? }`, besides the `Codable` route that every other encoder takes:
/// ```swift
/// func encode(to encoder: any Encoder) throws {
///     if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
///         try encode(writer: writer)
///     } else {
///         try JSONModelRuntime.willEncode(self)
///         try encode(coding: encoder)
///     }
/// }
///
/// // The type's `JSONObjectEncodable` conformance: a model holding a `User` (or `[User]`,
/// // or `User?`) hands it a writer directly.
/// func encode(writer: JSONObjectWriter) throws {
///     try JSONModelRuntime.willEncode(self)
///     let container = writer.promisingDistinctKeys()
///     try container.encode(self.id, forKey: "id")
///     let nested1 = container.nestedContainer(forKey: "profile")
///     try nested1.encodeIfPresent(self.name, forKey: "name")
/// }
/// ```
///
/// A writer is a handle, as a keyed container is: writing through it ends the nested containers
/// it handed out before. What text written in order cannot reproduce (a nested writer used after
/// its parent moved on, a key written twice, which `JSONEncoder` resolves by keeping the last
/// value) makes FastJSONEncoder start over with an encoder for which `init?` returns nil, so a
/// type that writes through a writer must also encode through keyed containers, as the generated
/// code does; the output is then `JSONEncoder`'s.
public struct JSONObjectWriter {
    let stream: EncodingStream
    /// The frame it writes into: its place on the stream's stack, and its generation.
    let index: Int
    let generation: Int

    /// A writer of the object `encoder` is to write, when `encoder` is FastJSONEncoder's with the
    /// default key strategy (writers write keys as given) and nothing has been written at its
    /// position yet; nil for any other encoder, a key strategy, or a position already holding a
    /// container (a flattened value sharing its owner's object).
    ///
    /// `keyType` names the object's keys for the encoder's memo of them: the model's
    /// `CodingKeys`, which its keyed containers name too.
    public init?<Key: CodingKey>(_ encoder: any Encoder, keyedBy keyType: Key.Type) {
        guard let encoder = encoder as? EncodingStreamEncoder, encoder.stream.settings.writesModels,
            encoder.stream.state.value.beginWriterObject(
                encoder.index, encoder.generation, keys: ObjectIdentifier(keyType))
        else { return nil }
        #if DEBUG
            Self.modelWrites?.withLock { $0 += 1 }
        #endif
        self.init(stream: encoder.stream, index: encoder.index, generation: encoder.generation)
    }

    init(stream: EncodingStream, index: Int, generation: Int) {
        self.stream = stream
        self.index = index
        self.generation = generation
    }

    #if DEBUG
        /// Counts the models that took the writer route while a test's task runs.
        @TaskLocal package static var modelWrites: LockedValue<Int>?
        /// Counts those of them another model's writer handed a writer directly.
        @TaskLocal package static var directModelWrites: LockedValue<Int>?
    #endif

    /// The path of keys and indices from the top-level value to this object, as the `Codable`
    /// route's keyed container reports it.
    public var codingPath: [any CodingKey] {
        guard stream.isCurrent(index, generation) else { return [] }
        return stream.state.value.containerNode(index).codingPath
    }

    /// Ends the frames above this object and writes the member's key; after this the writer is
    /// where the member's value goes.
    @inline(__always)
    private func beginMember(_ key: StaticString) throws {
        guard stream.state.value.prepare(index, generation) else { throw EncodingStreamBailout() }
        stream.state.value.beginMember(key, in: index)
    }

    @inline(__always)
    private func writeInteger<T: FixedWidthInteger>(_ value: T, forKey key: StaticString) throws {
        try beginMember(key)
        stream.state.value.writer.writeInteger(value)
    }

    /// Writes `null` for `key`.
    public func encodeNil(forKey key: StaticString) throws {
        try beginMember(key)
        stream.state.value.writer.writeNull()
    }

    /// Writes a `Bool` for `key`.
    public func encode(_ value: Bool, forKey key: StaticString) throws {
        try beginMember(key)
        stream.state.value.writer.writeBool(value)
    }

    /// Writes a `String` for `key`.
    public func encode(_ value: String, forKey key: StaticString) throws {
        try beginMember(key)
        stream.state.value.writer.writeString(value)
    }

    /// Writes a `Double` for `key` (NaN and infinities as the non-conforming float strategy says).
    public func encode(_ value: Double, forKey key: StaticString) throws { try encodeMember(value, forKey: key) }

    /// Writes a `Float` for `key` (NaN and infinities as the non-conforming float strategy says).
    public func encode(_ value: Float, forKey key: StaticString) throws { try encodeMember(value, forKey: key) }

    /// Writes an `Int` for `key`.
    public func encode(_ value: Int, forKey key: StaticString) throws { try writeInteger(value, forKey: key) }

    /// Writes an `Int64` for `key`.
    public func encode(_ value: Int64, forKey key: StaticString) throws { try writeInteger(value, forKey: key) }

    /// Writes a `UInt64` for `key`.
    public func encode(_ value: UInt64, forKey key: StaticString) throws { try writeInteger(value, forKey: key) }

    /// Writes any `Encodable` value for `key`, as FastJSONEncoder writes it.
    public func encode<T: Encodable>(_ value: T, forKey key: StaticString) throws {
        try encodeMember(value, forKey: key)
    }

    /// Floats are checked before the key is written, so a rejected value leaves no trace.
    @inline(__always)
    private func encodeMember<T: Encodable>(_ value: T, forKey key: StaticString) throws {
        try stream.writeMember(value, in: index, component: .key(JSONSourceKey(key))) { try beginMember(key) }
    }

    // These two and the optional overloads are inlinable so that the model's `encode(writer:)` is
    // called where the model is: passed on by code generic where it runs, a model was copied (a
    // retain and a release of each of its references). Encoding twitter's models: 423-426 MB/s
    // before, 454-458 after. (An array's subscript still copies each element it hands over.)

    /// Writes a model for `key` through its own `encode(writer:)`, with no `Encoder` in between.
    @inlinable public func encode<T: JSONObjectEncodable>(_ value: T, forKey key: StaticString) throws {
        try writeModel(keys: ObjectIdentifier(T.self), forKey: key) { try value.encode(writer: $0) }
    }

    /// Writes an array of models for `key`, each through its own `encode(writer:)`.
    @inlinable public func encode<T: JSONObjectEncodable>(_ value: [T], forKey key: StaticString) throws {
        try writeModels(keys: ObjectIdentifier(T.self), count: value.count, forKey: key) {
            try value[$0].encode(writer: $1)
        }
    }

    /// Writes the member `key` as a model that `write` writes through the writer it is given;
    /// `keys` (the model type) names the key memo its objects share.
    @usableFromInline func writeModel(
        keys: ObjectIdentifier, forKey key: StaticString, _ write: (JSONObjectWriter) throws -> Void
    ) throws {
        try beginMember(key)
        try stream.writeModel(keys: keys, in: index, component: .key(JSONSourceKey(key)), write)
    }

    /// Writes the member `key` as an array of `count` models; `write(i, writer)` writes element
    /// `i`.
    @usableFromInline func writeModels(
        keys: ObjectIdentifier, count: Int, forKey key: StaticString, _ write: (Int, JSONObjectWriter) throws -> Void
    ) throws {
        try beginMember(key)
        try stream.writeModels(count: count, keys: keys, in: index, component: .key(JSONSourceKey(key)), write)
    }

    /// Writes a `Bool` for `key`, or nothing when it is nil.
    public func encodeIfPresent(_ value: Bool?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) }
    }

    /// Writes a `String` for `key`, or nothing when it is nil.
    public func encodeIfPresent(_ value: String?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) }
    }

    /// Writes a `Double` for `key`, or nothing when it is nil.
    public func encodeIfPresent(_ value: Double?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) }
    }

    /// Writes an `Int` for `key`, or nothing when it is nil.
    public func encodeIfPresent(_ value: Int?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) }
    }

    /// Writes a `UInt64` for `key`, or nothing when it is nil.
    public func encodeIfPresent(_ value: UInt64?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) }
    }

    /// Writes any `Encodable` value for `key`, or nothing when it is nil.
    public func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) }
    }

    /// Writes a model for `key`, or nothing when it is nil.
    @inlinable public func encodeIfPresent<T: JSONObjectEncodable>(_ value: T?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) }
    }

    /// Writes an array of models for `key`, or nothing when it is nil.
    @inlinable public func encodeIfPresent<T: JSONObjectEncodable>(_ value: [T]?, forKey key: StaticString) throws {
        if let value { try encode(value, forKey: key) }
    }

    /// A `@Flatten` property: writes `value`'s members into this same object, through the
    /// `Encoder` `value.encode(to:)` gets, as the `Codable` route does with the model's own
    /// encoder. Keys `value` writes that this object already has make the encoder start over (see
    /// above), as in the `Codable` route.
    public func encodeFlattened<T: Encodable>(_ value: T) throws {
        try value.encode(to: EncodingStreamEncoder(stream: stream, index: index, generation: generation))
    }

    /// This writer, for code that writes each key of this object at most once and has written
    /// none yet, as `@JSONModel` writes a type without `@Flatten`: the members are then written
    /// with no record of their keys, which only the check for a repeated key and `.sortedKeys`
    /// need (with `.sortedKeys` they are kept). Nested writers it hands out keep the promise.
    /// A key written twice after this promise appears twice in the output.
    public func promisingDistinctKeys() -> JSONObjectWriter {
        stream.state.value.promiseDistinctKeys(index, generation)
        return self
    }

    /// A writer of a new object under `key` (a `@Key("a.b")` path's `a`).
    public func nestedContainer(forKey key: StaticString) -> JSONObjectWriter {
        let generation = stream.beginNested(.object, in: index, generation) {
            stream.state.value.beginMember(key, in: index)
            return .key(JSONSourceKey(key))
        }
        let nested = stream.state.value.frames.count - 1
        if stream.isCurrent(index, self.generation) && stream.state.value.frames[index].distinctKeys {
            stream.state.value.promiseDistinctKeys(nested, generation)
        }
        return JSONObjectWriter(stream: stream, index: nested, generation: generation)
    }

    /// An unkeyed container of a new array under `key` (a `@Key("a[1]")` path's `a`).
    public func nestedUnkeyedContainer(forKey key: StaticString) -> any UnkeyedEncodingContainer {
        let generation = stream.beginNested(.array, in: index, generation) {
            stream.state.value.beginMember(key, in: index)
            return .key(JSONSourceKey(key))
        }
        return EncodingStreamUnkeyedContainer(
            stream: stream, index: stream.state.value.frames.count - 1, generation: generation)
    }
}
