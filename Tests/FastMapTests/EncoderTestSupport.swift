import FastMap
import Foundation
import Testing

/// Helpers shared by the FastJSONEncoder suites: configuring both encoders alike and
/// comparing their output and errors.

/// A coding key for any string or integer.
struct AnyKey: CodingKey, Hashable, Sendable {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// The strategies one differential case uses; applied identically to both encoders.
struct EncoderSetup: Sendable {
    var dateStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var dataStrategy: JSONEncoder.DataEncodingStrategy = .base64
    var floatStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var keyStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    func foundation(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = dateStrategy
        encoder.dataEncodingStrategy = dataStrategy
        encoder.nonConformingFloatEncodingStrategy = floatStrategy
        encoder.keyEncodingStrategy = keyStrategy
        encoder.userInfo = userInfo
        return encoder
    }

    func fast(_ formatting: JSONEncoder.OutputFormatting) -> FastJSONEncoder {
        let encoder = FastJSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = dateStrategy
        encoder.dataEncodingStrategy = dataStrategy
        encoder.nonConformingFloatEncodingStrategy = floatStrategy
        encoder.keyEncodingStrategy = keyStrategy
        encoder.userInfo = userInfo
        return encoder
    }
}

/// Every combination of the three output formatting options.
let allFormattings: [JSONEncoder.OutputFormatting] = (0..<8).map { bits in
    var formatting: JSONEncoder.OutputFormatting = []
    if bits & 1 != 0 { formatting.insert(.sortedKeys) }
    if bits & 2 != 0 { formatting.insert(.prettyPrinted) }
    if bits & 4 != 0 { formatting.insert(.withoutEscapingSlashes) }
    return formatting
}

/// An `EncodingError` reduced to what the suites compare: the case, the coding path (string
/// and integer value of each key), the debug description and the type of the value.
struct EncodingErrorSummary: Equatable, CustomStringConvertible {
    var path: [String]
    var debugDescription: String
    var valueType: String

    init?(_ error: any Error) {
        guard case EncodingError.invalidValue(let value, let context) = error else { return nil }
        path = context.codingPath.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }
        debugDescription = context.debugDescription
        valueType = "\(type(of: value))"
    }

    var description: String { "invalidValue at \(path): \(debugDescription) [\(valueType)]" }
}

enum EncodingOutcome {
    case data(Data)
    case failure(any Error)

    init(_ body: () throws -> Data) {
        do { self = .data(try body()) } catch { self = .failure(error) }
    }

    var text: String {
        switch self {
        case .data(let data): return String(decoding: data, as: UTF8.self)
        case .failure(let error): return "error: \(error)"
        }
    }
}

/// Encodes `value` with both encoders under every formatting and requires: with
/// `.sortedKeys` the same bytes; without it the same JSON value, the members in the order the
/// value encoded them (`expectedOrder`, when given); or the same error. Also requires
/// `encodeToJSON` to give the value of the bytes.
func expectSameEncoding<T: Encodable>(
    _ value: T, setup: EncoderSetup = EncoderSetup(),
    formattings: [JSONEncoder.OutputFormatting] = allFormattings,
    expectedOrder: ((JSON) -> Bool)? = nil,
    _ comment: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for formatting in formattings {
        let expected = EncodingOutcome { try setup.foundation(formatting).encode(value) }
        let actual = EncodingOutcome { try setup.fast(formatting).encode(value) }
        let label = "\(comment()) formatting \(formatting.rawValue)"
        switch (expected, actual) {
        case (.data(let expectedData), .data(let actualData)):
            if formatting.contains(.sortedKeys) {
                #expect(
                    actualData == expectedData,
                    "\(label)\nexpected \(expected.text)\n  actual \(actual.text)", sourceLocation: sourceLocation)
            } else {
                let canonicalExpected = CanonicalJSON.text(expectedData, pretty: formatting.contains(.prettyPrinted))
                let canonicalActual = CanonicalJSON.text(actualData, pretty: formatting.contains(.prettyPrinted))
                #expect(
                    canonicalExpected != nil && canonicalActual == canonicalExpected,
                    "\(label)\nexpected \(expected.text)\n  actual \(actual.text)", sourceLocation: sourceLocation)
                // (Only where FastMap can read the output: 128-bit integers and Decimal NaN
                // are beyond what a JSON value holds.)
                if let expectedOrder, let parsed = try? JSON(data: actualData) {
                    #expect(
                        expectedOrder(parsed), "\(label): member order \(actual.text)", sourceLocation: sourceLocation)
                }
            }
        case (.failure(let expectedError), .failure(let actualError)):
            let expectedSummary = EncodingErrorSummary(expectedError)
            let actualSummary = EncodingErrorSummary(actualError)
            if let expectedSummary {
                #expect(actualSummary == expectedSummary, "\(label)", sourceLocation: sourceLocation)
            } else {
                #expect(
                    "\(actualError)" == "\(expectedError)",
                    "\(label)\nexpected \(expectedError)\n  actual \(actualError)",
                    sourceLocation: sourceLocation)
            }
        default:
            Issue.record("\(label)\nexpected \(expected.text)\n  actual \(actual.text)", sourceLocation: sourceLocation)
        }
    }
    expectEncodeToJSONMatchesBytes(value, setup: setup, sourceLocation: sourceLocation)
}

/// `encodeToJSON(value)` equals `JSON(data: encode(value))`, or both fail.
func expectEncodeToJSONMatchesBytes<T: Encodable>(
    _ value: T, setup: EncoderSetup, sourceLocation: SourceLocation = #_sourceLocation
) {
    let encoder = setup.fast([])
    let bytes = Result { try encoder.encode(value) }
    let tree = Result { try encoder.encodeToJSON(value) }
    switch (bytes, tree) {
    case (.success(let data), .success(let json)):
        if let parsed = try? JSON(data: data) {
            #expect(
                json == parsed, "encodeToJSON \(json) vs bytes \(String(decoding: data, as: UTF8.self))",
                sourceLocation: sourceLocation)
        } else {
            Issue.record(
                "encode wrote text JSON(data:) rejects: \(String(decoding: data, as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    case (.failure(let bytesError), .failure(let treeError)):
        #expect(EncodingErrorSummary(treeError) == EncodingErrorSummary(bytesError), sourceLocation: sourceLocation)
    case (.success(let data), .failure(let error)):
        // Only numbers a JSON value cannot hold (which JSON(data:) rejects too) may fail here.
        #expect((try? JSON(data: data)) == nil, "encodeToJSON failed: \(error)", sourceLocation: sourceLocation)
    case (.failure(let error), .success):
        Issue.record("encode failed but encodeToJSON succeeded: \(error)", sourceLocation: sourceLocation)
    }
}

/// The keys of every object in `json`, each object's in document order, depth first.
func objectKeyOrders(_ json: JSON) -> [[String]] {
    var orders: [[String]] = []
    func visit(_ value: JSON) {
        if value.kind == .object {
            orders.append(value.keys)
            for (_, member) in value.members { visit(member) }
        } else if let elements = value.array {
            elements.forEach(visit)
        }
    }
    visit(json)
    return orders
}

/// JSON text with every object's members sorted by their key's text, for comparing output
/// whose member order is arbitrary (JSONEncoder writes hash order). Numbers and other bare
/// tokens (`NaN`, which JSONEncoder writes for a `Decimal` NaN; integers beyond 64 bits)
/// are kept as text, so they must match exactly. Also checks the layout: with `pretty`, the
/// whitespace must be what a pretty printer writes for that position.
enum CanonicalJSON {
    static func text(_ data: Data, pretty: Bool) -> String? {
        var reader = Reader(bytes: Array(data), pretty: pretty)
        guard let value = reader.value(indent: 0), reader.position == reader.bytes.count else { return nil }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        let pretty: Bool
        var position = 0

        mutating func expect(_ text: String) -> Bool {
            let expected = Array(text.utf8)
            guard bytes.count - position >= expected.count,
                bytes[position..<(position + expected.count)].elementsEqual(expected)
            else { return false }
            position += expected.count
            return true
        }

        mutating func newline(indent: Int) -> Bool {
            pretty ? expect("\n" + String(repeating: "  ", count: indent)) : true
        }

        mutating func value(indent: Int) -> String? {
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(key: String, value: String)] = []
                if pretty && expect("\n\n" + String(repeating: "  ", count: indent) + "}") { return "{}" }
                if !pretty && expect("}") { return "{}" }
                repeat {
                    guard newline(indent: indent + 1), let key = string() else { return nil }
                    guard expect(pretty ? " : " : ":"), let member = value(indent: indent + 1) else { return nil }
                    members.append((key, member))
                } while expect(",")
                guard newline(indent: indent), expect("}") else { return nil }
                members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                return "{" + members.map { "\($0.key):\($0.value)" }.joined(separator: ",") + "}"
            case UInt8(ascii: "["):
                position += 1
                var elements: [String] = []
                if pretty && expect("\n\n" + String(repeating: "  ", count: indent) + "]") { return "[]" }
                if !pretty && expect("]") { return "[]" }
                repeat {
                    guard newline(indent: indent + 1), let element = value(indent: indent + 1) else { return nil }
                    elements.append(element)
                } while expect(",")
                guard newline(indent: indent), expect("]") else { return nil }
                return "[" + elements.joined(separator: ",") + "]"
            case UInt8(ascii: "\""):
                return string()
            default:
                let start = position
                while position < bytes.count, !",]}\n ".utf8.contains(bytes[position]) { position += 1 }
                return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
            }
        }

        mutating func string() -> String? {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            let start = position
            position += 1
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\\"): position += 2
                case UInt8(ascii: "\""):
                    position += 1
                    return String(decoding: bytes[start..<position], as: UTF8.self)
                default: position += 1
                }
            }
            return nil
        }
    }
}
