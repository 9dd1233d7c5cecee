/// A model that maps itself from a ``JSON`` value by hand, with `=>` / `=>?` or
/// ``JSON/decode(_:)->T``.
///
/// ```swift
/// struct Repository: JSONMappable {
///     let name: String
///     let stargazers: Int
///     let language: String?
///     let owner: Owner            // another JSONMappable, or any Decodable
///
///     init(json: JSON) throws {
///         name = try json => "name"
///         stargazers = try json => "stargazers_count"
///         language = try json =>? "language"
///         owner = try json => "owner"
///     }
/// }
/// let repositories: [Repository] = try json => "items"
/// ```
///
/// Conforming makes the model `Decodable` too, so it nests anywhere a `Decodable` does (in
/// `=>`, arrays, dictionaries, `FastJSONDecoder`, even Foundation's `JSONDecoder`). Under
/// FastJSONDecoder the model reads the parsed tree in place. A ``FastMapError`` thrown inside
/// `init(json:)` leaves `init(from:)` as a `DecodingError` whose underlying error is that
/// ``FastMapError`` with the path from the document's root, and the mapping API turns it back
/// into that error.
public protocol JSONMappable: Decodable {
    /// Reads the model from `json`.
    init(json: JSON) throws
}

extension JSONMappable {
    /// Decodes the model by handing the decoder's current value to ``init(json:)``.
    public init(from decoder: any Decoder) throws {
        let json = try JSON(from: decoder)
        do {
            try self.init(json: json)
        } catch let error as FastMapError {
            throw error.decodingError(at: decoder.codingPath, root: (decoder as? JSONTreeDecoder)?.root)
        }
    }

    /// Parses `jsonString` and reads the model from it.
    /// - Throws: ``FastMapError`` for malformed text, or whatever ``init(json:)`` throws.
    public init(jsonString: String) throws {
        try self.init(json: JSON(string: jsonString))
    }
}
