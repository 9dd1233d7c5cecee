import Foundation

/// `toJSON()` / `toData()`: encodes a value into a ``JSON`` tree, writing each `JSONCodable`
/// model in the shape it decodes from (properties at their transformers' key paths, dates in
/// their transformers' formats) and everything else as `JSONEncoder` would with
/// `.millisecondsSince1970` dates (Ladybug's settings).
///
/// A general-purpose encoder cannot do this: moving a property to a key path needs to know, at
/// each keyed container, which model it belongs to.
enum LadybugEncoding {
    static func encodeToJSON(_ value: any Encodable) throws -> JSON {
        try encode(value)
    }

    static func encode<T: Encodable>(_ value: T) throws -> JSON {
        let session = LadybugEncodingSession()
        defer { session.finish() }
        let encoder = LadybugTreeEncoder(
            session: session, codingNode: nil, placement: .root, plan: session.plans.plan(ifModel: T.self),
            depth: 0)
        try encoder.encodeValue(value)
        try encoder.finish()
        if let misuse = session.misuse { throw misuse }
        guard let root = session.takeRoot() else {
            throw CodingErrors.invalidValue(value, at: [], "Top-level \(T.self) did not encode any values.")
        }
        return JSON.owning(root, parts: session.parts)
    }
}
