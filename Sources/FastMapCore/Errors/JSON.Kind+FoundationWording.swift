extension JSON.Kind {
    /// The kind as `JSONDecoder` names it in `Expected to decode Int but found a string instead.`
    /// (its own words, articles included), so FastMap's descriptions read as Foundation's.
    package var foundationDescription: String {
        switch self {
        case .string: "a string"
        case .number: "number"
        case .bool: "bool"
        case .null: "null"
        case .object: "a dictionary"
        case .array: "an array"
        }
    }
}
