import FastMap

/// Decodes with plain FastMap; never built by the checks, only resolved.
public func decodeNumbers(_ bytes: [UInt8]) throws -> [Int] {
    try FastJSONDecoder().decode([Int].self, from: bytes)
}
