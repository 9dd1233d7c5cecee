extension JSONDocument {
    /// ``parse(_:parser:maximumDepth:memoryLimit:usesArena:compactsWhiteSpace:allowsTrailingCommas:)``
    /// on lent input: the front ends' way in, so that they never hold the bytes' address.
    package static func parse(
        _ input: JSONInput, parser: JSONParser, maximumDepth: Int, memoryLimit: Int? = nil,
        allowsTrailingCommas: Bool = true
    ) throws(FastMapError) -> JSONDocument {
        try parse(
            input.bytes, parser: parser, maximumDepth: maximumDepth, memoryLimit: memoryLimit,
            allowsTrailingCommas: allowsTrailingCommas)
    }

    /// The sparse parse (`Parsing+Sparse.swift`) on lent input.
    package static func parse(
        _ input: JSONInput, parser: JSONParser, maximumDepth: Int, allowsTrailingCommas: Bool,
        schema: JSONSparseSchema
    ) throws(FastMapError) -> JSONDocument {
        try parse(
            input.bytes, parser: parser, maximumDepth: maximumDepth, allowsTrailingCommas: allowsTrailingCommas,
            schema: schema)
    }

    /// The JSON5 parse (`Parsing+JSON5.swift`) on lent input.
    package static func parseJSON5(
        _ input: JSONInput, parser: JSONParser, maximumDepth: Int, memoryLimit: Int? = nil,
        usesArena: Bool, assumesTopLevelDictionary: Bool, lazyNumbers: Bool
    ) throws(FastMapError) -> (JSONDocument, [UInt8]) {
        try parseJSON5(
            input.bytes, parser: parser, maximumDepth: maximumDepth, memoryLimit: memoryLimit, usesArena: usesArena,
            assumesTopLevelDictionary: assumesTopLevelDictionary, lazyNumbers: lazyNumbers)
    }

    /// The brace-less parse (`Parsing+TopLevelDictionary.swift`) on lent input.
    package static func parseAssumingTopLevelDictionary(
        _ input: JSONInput, parser: JSONParser, maximumDepth: Int, memoryLimit: Int?,
        usesArena: Bool, allowsTrailingCommas: Bool
    ) throws(FastMapError) -> (JSONDocument, [UInt8]?) {
        try parseAssumingTopLevelDictionary(
            input.bytes, parser: parser, maximumDepth: maximumDepth, memoryLimit: memoryLimit, usesArena: usesArena,
            allowsTrailingCommas: allowsTrailingCommas)
    }
}
