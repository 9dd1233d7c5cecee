import Foundation
import Testing

@testable import FastMap

/// What one decode produced, with every part of an error that a caller can see: the
/// `DecodingError` case, coding path, description, and the underlying ``FastMapError`` field by
/// field (its `node` and `root` values included), so a sparse decode must match a full one
/// exactly.
public enum SparseOutcome<T: Equatable>: Equatable {
    /// The decoded value.
    case value(T)
    /// The error thrown.
    case failure(SparseFailure)

    /// Runs `body` and records what it produced.
    public init(_ body: () throws -> T) {
        do {
            self = .value(try body())
        } catch {
            self = .failure(SparseFailure(error))
        }
    }
}

extension SparseOutcome: Sendable where T: Sendable {}

/// An error with what a caller can see of it, compared field by field.
public struct SparseFailure: Equatable, Sendable {
    /// `String(reflecting:)` of the error.
    public var description: String
    /// The coding path as `stringValue#intValue`.
    public var codingPath: [String]
    /// The underlying ``FastMapError``, if any.
    public var underlying: UnderlyingError?

    /// A ``FastMapError`` compared on every field, its `node` and `root` values included.
    public struct UnderlyingError: Equatable, Sendable {
        /// The error.
        public var error: FastMapError
        /// Equal when every field is.
        public static func == (a: Self, b: Self) -> Bool {
            let (x, y) = (a.error, b.error)
            return x.kind == y.kind && x.message == y.message && x.path == y.path && x.key == y.key
                && x.expectedType == y.expectedType && x.foundKind == y.foundKind && x.foundSnippet == y.foundSnippet
                && x.location == y.location && x.node == y.node && x.root == y.root
                && x.debugDescription == y.debugDescription
        }
    }

    /// Reduces `error`.
    public init(_ error: any Error) {
        description = String(reflecting: error)
        guard let decoding = error as? DecodingError else {
            codingPath = []
            underlying = (error as? FastMapError).map(UnderlyingError.init)
            return
        }
        let context: DecodingError.Context
        switch decoding {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            context = c
        @unknown default:
            codingPath = []
            underlying = nil
            return
        }
        codingPath = context.codingPath.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }
        underlying = (context.underlyingError as? FastMapError).map(UnderlyingError.init)
    }
}

/// Two decoders set up alike by `configure`: one that decodes sparsely and one that never does.
public func sparseAndFullDecoders(
    _ configure: (FastJSONDecoder) -> Void
) -> (sparse: FastJSONDecoder, full: FastJSONDecoder) {
    let sparse = FastJSONDecoder()
    let full = FastJSONDecoder()
    configure(sparse)
    configure(full)
    full.sparseDecoding.isEnabled = false
    return (sparse, full)
}

/// Decodes every document with a decoder that decodes sparsely and one that never does
/// (`configure` sets both up alike), `rounds` times over, expecting the same outcome each time.
/// Returns the sparse decoder's counters.
@discardableResult
public func expectSparseMatchesFull<T: Decodable & Equatable>(
    _ type: T.Type, _ documents: [String], at path: JSONKeyPath? = nil, rounds: Int = 2,
    configure: (FastJSONDecoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
) -> SparseDecodingStatistics {
    let (sparse, full) = sparseAndFullDecoders(configure)
    for round in 0..<rounds {
        for document in documents {
            let data = Data(document.utf8)
            func decode(_ decoder: FastJSONDecoder) throws -> T {
                if let path { return try decoder.decode(type, from: data, at: path) }
                return try decoder.decode(type, from: data)
            }
            let expected = SparseOutcome { try decode(full) }
            let actual = SparseOutcome { try decode(sparse) }
            #expect(actual == expected, "round \(round): \(document)", sourceLocation: sourceLocation)
        }
    }
    let statistics = sparse.sparseDecoding.statistics
    return SparseDecodingStatistics(
        firstDecodes: statistics.firstDecodes, filteredDecodes: statistics.filteredDecodes,
        fallbacks: statistics.fallbacks, learningDecodes: statistics.learningDecodes)
}

/// ``FastJSONDecoder``'s sparse decoding counters, as a test sees them.
public struct SparseDecodingStatistics: Equatable, Sendable {
    /// First decodes of a type: in full, nothing learned.
    public var firstDecodes: Int
    /// Decodes answered from a filtered tree.
    public var filteredDecodes: Int
    /// Filtered decodes redone in full.
    public var fallbacks: Int
    /// Full decodes that taught the schema.
    public var learningDecodes: Int
}
