/// The steps of generated enum coding for the `.external` and `.untagged` layouts.
extension JSONModelRuntime {
    /// The one member of an externally tagged enum's object, which names the case.
    ///
    /// - Throws: `dataCorrupted` when the object has no member or more than one.
    public static func singleKey(of container: KeyedDecodingContainer<JSONModelKey>, model: String) throws
        -> JSONModelKey
    {
        let keys = container.allKeys
        guard keys.count == 1, let key = keys.first else {
            let found = keys.isEmpty ? "none" : keys.map { "\"\($0.stringValue)\"" }.joined(separator: ", ")
            throw CodingErrors.dataCorrupted(
                at: container.codingPath,
                "\(model): expected an object with exactly one member naming the case; found \(found).")
        }
        return key
    }

    /// The error for a tag that names no case.
    public static func unknownCase(_ tag: String, model: String, expected: [String], codingPath: [any CodingKey])
        -> any Error
    {
        let names = expected.map { "\"\($0)\"" }.joined(separator: ", ")
        return CodingErrors.dataCorrupted(
            at: codingPath, "\(model): unknown case \"\(tag)\"; expected one of \(names).")
    }

    /// `.untagged`: the first case, in declaration order, that decodes.
    ///
    /// - Throws: `dataCorrupted` at the value's coding path listing every case's failure.
    public static func firstDecoding<Model>(
        _ decoder: any Decoder, model: String, _ attempts: [(String, (any Decoder) throws -> Model)]
    ) throws -> Model {
        var failures: [(String, any Error)] = []
        for (name, attempt) in attempts {
            do {
                return try attempt(decoder)
            } catch {
                failures.append((name, error))
            }
        }
        let reasons = failures.map { name, error in "\(name): \(Self.reason(error))" }
        throw CodingErrors.dataCorrupted(
            at: decoder.codingPath, "\(model): no case matches the value (\(reasons.joined(separator: "; "))).")
    }

    /// `.untagged` cases without values are the string of their tag.
    public static func expectTag(_ tag: String, in decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard text == tag else {
            // The text found is not quoted: error texts carry no payload.
            throw CodingErrors.dataCorrupted(at: decoder.codingPath, "expected \"\(tag)\", found another string.")
        }
    }

    private static func reason(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error {
        case DecodingError.typeMismatch(_, let inner), DecodingError.valueNotFound(_, let inner),
            DecodingError.keyNotFound(_, let inner), DecodingError.dataCorrupted(let inner):
            context = inner
        default:
            return "\(error)"
        }
        var text = context.debugDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
