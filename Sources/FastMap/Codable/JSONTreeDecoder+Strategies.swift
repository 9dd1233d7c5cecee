@_spi(FastMapCore) import FastMapCore
import Foundation

/// Foundation's special types and strategies: `Date`, `Data`, `URL`, `Decimal`, key strategies
/// and the exemption of `[String: T]` from them.
extension JSONTreeDecoder {
    package func decodeDate(_ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?) throws -> Date
    {
        if node.isNull { throw valueNotFound(Date.self, at: path, step) }
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try with(node, at: path, step) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try readFloat(node, Double.self, at: path, step))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try readFloat(node, Double.self, at: path, step) / 1000)
        case .iso8601:
            if node.isString, let date = node.commonISO8601Date { return date }
            let text = try readString(node, at: path, step)
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                // Foundation reports this one at the enclosing decoder's path, without the key.
                throw dataCorrupted(
                    "Expected date string to be ISO8601-formatted.", expected: "an ISO 8601 date", node: node,
                    at: CodingPathReference(depth: path.depth, tail: nil), nil, failedAt: components(path, step))
            }
            return date
        case .custom(let decode):
            return try with(node, at: path, step) { try decode(self) }
        @unknown default:
            return try with(node, at: path, step) { try Date(from: self) }
        }
    }

    package func decodeData(_ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?) throws -> Data
    {
        if node.isNull { throw valueNotFound(Data.self, at: path, step) }
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try with(node, at: path, step) { try Data(from: self) }
        case .base64:
            guard node.isString else { throw typeMismatch(String.self, found: node, at: path, step) }
            guard let data = Data(base64Encoded: node.stringValue) else {
                throw dataCorrupted(
                    "Encountered Data is not valid Base64.", expected: "Base64 data", node: node, at: path, step)
            }
            return data
        case .custom(let decode):
            return try with(node, at: path, step) { try decode(self) }
        @unknown default:
            return try with(node, at: path, step) { try Data(from: self) }
        }
    }

    package func decodeURL(_ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?) throws -> URL {
        if node.isNull { throw valueNotFound(URL.self, at: path, step) }
        let text = try readString(node, at: path, step)
        guard let url = URL(string: text) else {
            throw dataCorrupted("Invalid URL string.", expected: "a URL", node: node, at: path, step)
        }
        return url
    }

    /// Decimals come from the number's text, like Foundation's, so `0.1` and
    /// `3.14159265358979323846` keep every digit.
    package func decodeDecimal(_ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?) throws
        -> Decimal
    {
        if node.isInteger {
            let bits = node.integerBits
            if bits < 0 && document.isUnsigned(node) { return Decimal(UInt64(bitPattern: bits)) }
            return Decimal(bits)
        }
        if node.isReal {
            let double = node.realValue
            let text = double.isNaN ? node.keptNumberText : nil
            // JSON5's Infinity and NaN read as Decimal's NaN, as in `JSONDecoder`.
            if let text, KeptNumber.isDecimalNaN(text) { return .nan }
            if let text, let (negative, magnitude) = KeptNumber.hexadecimal(text) {
                return negative ? -Decimal(magnitude) : Decimal(magnitude)
            }
            if let text, !KeptNumber.isJSONNumber(text) {
                throw notRepresentable(Decimal.self, node: node, at: path, step)
            }
            guard let value = Decimal(string: text ?? exactText(ofReal: node) ?? "\(double)") else {
                throw notRepresentable(Decimal.self, node: node, at: path, step)
            }
            return value
        }
        if node.isNull { throw valueNotFound(Decimal.self, at: path, step) }
        if node.isString, lossy.contains(.numbersFromStrings), isNumberString(node) {
            guard let value = coercedDecimal(from: node) else {
                throw notRepresentable(Decimal.self, node: node, at: path, step)
            }
            return value
        }
        throw typeMismatch(Decimal.self, found: node, at: path, step)
    }

    // MARK: Key strategies

    /// The member map an object needs under a key strategy; nil when lookups can go straight to
    /// the document's members (the default strategy, or snake_case conversion of an object
    /// without `_` in keys).
    package func convertedKeys(of object: JSONNode, at path: CodingPathReference) throws -> ConvertedKeys? {
        switch keyStrategy {
        case .useDefaultKeys:
            return nil
        case .convertFromSnakeCase:
            guard object.hasKey(containing: UInt8(ascii: "_")) else { return nil }
            let convert = { (raw: String) -> String in
                if let known = self.convertedKeys[raw] { return known }
                let converted = Self.convertFromSnakeCase(raw)
                self.convertedKeys[raw] = converted
                return converted
            }
            var values: [JSONNode] = []
            if let shape = keyShapes.shape(of: object, values: &values, convert: convert) {
                return ConvertedKeys(shape: shape, values: values)
            }
            return ConvertedKeys(object, convert: convert)
        case .custom(let convert):
            let base = codingPath(path)
            return ConvertedKeys(object) { raw in convert(base + [FastCodingKey(stringValue: raw)]).stringValue }
        }
    }

    /// `one_two_three` -> `oneTwoThree`, keeping leading and trailing underscores: the same
    /// conversion as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`.
    package static func convertFromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        guard let last = key.lastIndex(where: { $0 != "_" }) else { return key }
        let core = key[first...last]
        let words = core.split(separator: "_")
        let camel: String
        if words.count == 1 {
            camel = String(core)
        } else {
            camel = words[0].lowercased() + words.dropFirst().map(\.capitalized).joined()
        }
        return String(key[..<first]) + camel + String(key[key.index(after: last)...])
    }
}

extension JSONTreeDecoder {
    /// `T` as a ``StringKeyedDictionary`` type (nil for any other type), remembered per `decode`
    /// call: the runtime's conformance lookup would otherwise run for every object decoded.
    @inline(__always)
    package func stringKeyedDictionaryType<T>(_ type: T.Type) -> (any StringKeyedDictionary.Type)? {
        rememberedCollectionConformance(of: T.self, in: &stringKeyedDictionaryTypes) {
            T.self as? any StringKeyedDictionary.Type
        }
    }
}
