@_spi(FastMapCore) import FastMapCore
import Foundation

/// Encodes `Encodable` values as JSON, a drop-in for Foundation's `JSONEncoder`.
///
/// It has the same properties, strategy types and defaults as `JSONEncoder` and writes the
/// same bytes for the same value and options: member order aside, which follows the order the
/// value encoded its members (with `.sortedKeys` the output is identical byte for byte).
/// Switching is a one-word change: `JSONEncoder()` becomes `FastJSONEncoder()`.
///
/// ```swift
/// let encoder = FastJSONEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let data = try encoder.encode(order)
/// ```
///
/// Values are written straight into a byte buffer as the value encodes itself, without an
/// intermediate tree; ``encodeToJSON(_:)`` builds a ``JSON`` value instead.
///
/// Where `JSONEncoder` stops the process on a misused container (a second value through one
/// single-value container, a nested container requested for a key that already holds a
/// number), `FastJSONEncoder` throws `EncodingError.invalidValue` naming the problem.
///
/// It is a subclass of `JSONEncoder`, so it goes wherever one is expected; every `encode` call,
/// also one made through a `JSONEncoder` reference, runs FastMap's encoder. The nested types are
/// Foundation's own (`FastJSONEncoder.OutputFormatting` is `JSONEncoder.OutputFormatting`).
///
/// The configuration is protected by a lock, so one encoder can be shared between threads.
///
/// `@unchecked Sendable`: its only stored property is `configuration`, a `LockedValue`; the
/// settings `JSONEncoder` itself stores are never used (every one of them is overridden here).
public final class FastJSONEncoder: JSONEncoder, @unchecked Sendable {
    private let configuration = LockedValue(EncodingOptions())

    /// Creates an encoder with Foundation's defaults.
    public override init() { super.init() }

    /// The output format: `.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`.
    /// Defaults to `[]` (compact, members in encoding order, `/` escaped as `\/`).
    public override var outputFormatting: JSONEncoder.OutputFormatting {
        get { configuration.withLock { $0.outputFormatting } }
        set { configuration.withLock { $0.outputFormatting = newValue } }
    }

    /// How `Date` values are written. Defaults to `.deferredToDate` (seconds since
    /// 2001-01-01 as a number, as `Date` encodes itself).
    public override var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get { configuration.withLock { $0.dateEncodingStrategy } }
        set { configuration.withLock { $0.dateEncodingStrategy = newValue } }
    }

    /// How `Data` values are written. Defaults to `.base64`.
    public override var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
        get { configuration.withLock { $0.dataEncodingStrategy } }
        set { configuration.withLock { $0.dataEncodingStrategy = newValue } }
    }

    /// What to do with NaN and infinities, which JSON cannot hold. Defaults to `.throw`.
    public override var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
        get { configuration.withLock { $0.nonConformingFloatEncodingStrategy } }
        set { configuration.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// How keys are transformed before they are written. Defaults to `.useDefaultKeys`.
    public override var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
        get { configuration.withLock { $0.keyEncodingStrategy } }
        set { configuration.withLock { $0.keyEncodingStrategy = newValue } }
    }

    /// Contextual information handed to every `Encoder` as its `userInfo`.
    @preconcurrency
    public override var userInfo: [CodingUserInfoKey: any Sendable] {
        get { configuration.withLock { $0.userInfo } }
        set { configuration.withLock { $0.userInfo = newValue } }
    }

    /// See `EncodingOptions.writesModels`.
    package var writesModels: Bool {
        get { configuration.withLock { $0.writesModels } }
        set { configuration.withLock { $0.writesModels = newValue } }
    }

    /// The settings an encode runs with: a snapshot of the configuration, taken once per call.
    private var settings: EncodingSettings { EncodingSettings(configuration.withLock { $0 }) }

    /// Encodes `value` and runs `write` with its JSON text, for front ends that put it somewhere
    /// other than `Data` (FastMapNIO writes it into a `ByteBuffer`): one copy, out of the
    /// encoder's own buffer. The span cannot outlive `write`.
    package func withEncodedBytes<T: Encodable, R>(_ value: T, _ write: (RawSpan) throws -> R) throws -> R {
        try EncodingStream.encode(value, settings: settings).withBytes(write)
    }

    // MARK: Encoding

    /// Encodes `value` as JSON text.
    ///
    /// - Throws: `EncodingError.invalidValue` for NaN or an infinity under the `.throw`
    ///   strategy (with the coding path of the value), for a top-level value that encodes
    ///   nothing, for containers nested deeper than 511 levels, and for misused containers;
    ///   and any error the value's own `encode(to:)` throws.
    public override func encode<T: Encodable>(_ value: T) throws -> Data {
        try EncodingStream.encode(value, settings: settings).takeData()
    }

    /// Encodes a value that needs a configuration, as
    /// `JSONEncoder.encode(_:configuration:)` does.
    public override func encode<T: EncodableWithConfiguration>(
        _ value: T, configuration: T.EncodingConfiguration
    ) throws -> Data {
        try EncodingStream.encode(value, configuration: configuration, settings: settings).takeData()
    }

    /// Encodes a value that needs a configuration, taking it from a provider type.
    public override func encode<T, C>(_ value: T, configuration: C.Type) throws -> Data
    where
        T: EncodableWithConfiguration, C: EncodingConfigurationProviding,
        T.EncodingConfiguration == C.EncodingConfiguration
    {
        try encode(value, configuration: C.encodingConfiguration)
    }

    /// Encodes `value` into a ``JSON`` value: the same JSON that ``encode(_:)`` writes, as a
    /// tree you can read, combine with other values, or write later with
    /// ``JSON/data(options:)``.
    ///
    /// - Throws: the errors of ``encode(_:)``, and `EncodingError.invalidValue` for numbers a
    ///   ``JSON`` value cannot hold exactly (a `Decimal` NaN, integers beyond `UInt64`).
    public func encodeToJSON<T: Encodable>(_ value: T) throws -> JSON {
        let tree = try EncodingTreeEncoder.encodeTopLevel(value, settings: settings)
        return try tree.makeJSON(topLevel: value)
    }
}
