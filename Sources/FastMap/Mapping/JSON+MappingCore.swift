@_spi(FastMapCore) import FastMapCore
import Foundation

/// The walk and the decode every hand-mapping entry point shares: paths are followed node by
/// node on the parsed tree, values are read in place (scalars directly, everything else with
/// ``FastJSONDecoder``), and errors are built only when something fails.
extension JSON {
    /// The decoder behind the mapping API: Foundation's defaults, except that dates are ISO 8601
    /// strings (with or without fractional seconds), as in the mapping libraries it replaces.
    static let mappingDecoder: FastJSONDecoder = {
        let decoder = FastJSONDecoder()
        decoder.dateDecodingStrategy = .custom(decodeISO8601Date)
        return decoder
    }()

    @Sendable
    static func decodeISO8601Date(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        throw CodingErrors.dataCorrupted(at: container.codingPath, "Expected date string to be ISO8601-formatted.")
    }

    // MARK: Walking

    /// The node at `components` below this value. A missing step is nil when `isOptional` says
    /// it may be missing, and an error otherwise; so is a `null` met halfway, which an optional
    /// step treats like a missing one. A step into anything but the container it needs throws.
    @inline(__always)
    func node<Components: RandomAccessCollection<JSONKeyPath.Component>>(
        at components: Components, expecting type: Any.Type, isOptional: (Int) -> Bool
    ) throws(FastMapError) -> JSONNode? where Components.Index == Int {
        var current = node
        for index in components.indices {
            let component = components[index]
            if index > 0 && current.isNull && isOptional(index - 1) { return nil }
            let next: JSONNode?
            switch component {
            case .key(let key):
                guard current.isObject else { throw notContainer(current, for: component, at: components[..<index]) }
                next = current.member(key)
            case .index(let position):
                guard current.isArray else { throw notContainer(current, for: component, at: components[..<index]) }
                next = current.element(at: position)
            }
            guard let next else {
                if isOptional(index) { return nil }
                throw missing(component, in: current, at: components[...index], expecting: type)
            }
            current = next
        }
        return current
    }

    /// The node at `path`, every step required.
    @inline(__always)
    func requiredNode(at path: JSONKeyPath, expecting type: Any.Type) throws(FastMapError) -> JSONNode {
        // Never nil: no step is optional.
        try node(at: path.components, expecting: type, isOptional: { _ in false }) ?? node
    }

    /// `null` at the end of a path, where a `T` was required.
    func nullValue<Prefix: Collection<JSONKeyPath.Component>>(
        at path: Prefix, expecting type: Any.Type
    ) -> FastMapError {
        let value = json(at: path)
        return FastMapError(
            kind: .valueNotFound, message: "expected \(type), found null", path: Array(path),
            expectedType: "\(type)", foundKind: .null, foundSnippet: "null", node: value, root: self)
    }

    private func notContainer<Path: Collection<JSONKeyPath.Component>>(
        _ node: JSONNode, for component: JSONKeyPath.Component, at path: Path
    ) -> FastMapError {
        let expected: Kind
        switch component {
        case .key: expected = .object
        case .index: expected = .array
        }
        let value = JSON(document: document, node: node)
        let snippet = value.snippet()
        return FastMapError(
            kind: node.isNull ? .valueNotFound : .typeMismatch,
            message: "cannot look up \(component) in \(value.kind): expected \(expected)",
            path: Array(path), expectedType: expected.rawValue, foundKind: value.kind, foundSnippet: snippet,
            node: value, root: self)
    }

    private func missing<Path: Collection<JSONKeyPath.Component>>(
        _ component: JSONKeyPath.Component, in container: JSONNode, at path: Path, expecting type: Any.Type
    ) -> FastMapError {
        let value = JSON(document: document, node: container)
        var key: String? = nil
        if case .key(let name) = component { key = name }
        return FastMapError(
            kind: .keyNotFound, message: "\(component.missingDescription(in: value)) (expected \(type))",
            path: Array(path), key: key, expectedType: "\(type)", foundKind: value.kind,
            foundSnippet: value.snippet(), node: value, root: self)
    }

    /// The value at `path` below this one, for error reports (the walk already succeeded).
    func json<Path: Collection<JSONKeyPath.Component>>(at path: Path) -> JSON {
        var current = node
        for component in path {
            guard let next = current.child(component) else { break }
            current = next
        }
        return JSON(document: document, node: current)
    }

    // MARK: Decoding

    /// `node` (a node of this document) as a `T`, with errors left as FastJSONDecoder throws them
    /// (and those of a ``JSONMappable`` model relative to `node`).
    @inline(__always)
    func decodeUnmapped<T: Decodable>(_ type: T.Type, from node: JSONNode, using decoder: FastJSONDecoder?) throws -> T
    {
        if let value = Self.readScalar(T.self, node, in: document) { return value }
        // Hand-mapped models read the node themselves; the decoder would only hand it over.
        if let mappable = T.self as? any JSONMappable.Type {
            return try mappable.init(json: JSON(document: document, node: node)) as! T
        }
        return try (decoder ?? Self.mappingDecoder).decode(T.self, from: JSON(document: document, node: node))
    }

    /// `node`, reached from this value by `path`, as a `T`; errors are ``FastMapError``s whose
    /// path starts at this value.
    @inline(__always)
    func decodeValue<T: Decodable, Path: Collection<JSONKeyPath.Component>>(
        _ type: T.Type, from node: JSONNode, at path: Path, using decoder: FastJSONDecoder? = nil
    ) throws -> T {
        do {
            return try decodeUnmapped(T.self, from: node, using: decoder)
        } catch {
            throw FastMapError.mapping(error, decodingAt: path, root: self)
        }
    }

    /// The common scalars read straight off the node when it holds exactly what `T` needs;
    /// nil sends everything else (other kinds, conversions, errors) through the decoder, so the
    /// rules and messages stay FastJSONDecoder's.
    @inline(__always)
    static func readScalar<T>(_ type: T.Type, _ node: JSONNode, in document: JSONDocument) -> T? {
        if T.self == JSON.self { return identityCast(JSON(document: document, node: node), to: T.self) }
        if T.self == String.self {
            return node.isString ? identityCast(node.stringValue, to: T.self) : nil
        }
        if T.self == Int.self {
            guard node.isInteger, !document.isUnsigned(node), let value = Int(exactly: node.integerBits) else {
                return nil
            }
            return identityCast(value, to: T.self)
        }
        if T.self == Bool.self {
            if node.isTrue { return identityCast(true, to: T.self) }
            if node.isFalse { return identityCast(false, to: T.self) }
            return nil
        }
        if T.self == Double.self {
            if node.isReal { return identityCast(node.realValue, to: T.self) }
            if node.isInteger && !document.isUnsigned(node) {
                return identityCast(Double(node.integerBits), to: T.self)
            }
            return nil
        }
        if T.self == UInt64.self {
            return readInteger(UInt64.self, node, in: document).map { identityCast($0, to: T.self) }
        }
        if T.self == Int64.self {
            return readInteger(Int64.self, node, in: document).map { identityCast($0, to: T.self) }
        }
        if T.self == Int32.self {
            return readInteger(Int32.self, node, in: document).map { identityCast($0, to: T.self) }
        }
        if T.self == UInt32.self {
            return readInteger(UInt32.self, node, in: document).map { identityCast($0, to: T.self) }
        }
        if T.self == UInt.self {
            return readInteger(UInt.self, node, in: document).map { identityCast($0, to: T.self) }
        }
        if let optional = T.self as? any OptionalScalar.Type { return readOptional(optional, node, in: document) }
        return nil
    }

    /// An integer node that fits `I` exactly; nil for anything else (the decoder then reports it).
    @inline(__always)
    static func readInteger<I: FixedWidthInteger>(_ type: I.Type, _ node: JSONNode, in document: JSONDocument) -> I? {
        guard node.isInteger else { return nil }
        let bits = node.integerBits
        if bits < 0 && document.isUnsigned(node) { return I(exactly: UInt64(bitPattern: bits)) }
        return I(exactly: bits)
    }

    /// `T?` read directly: `nil` for null, the wrapped scalar when it reads directly.
    private static func readOptional<T, O: OptionalScalar>(_ type: O.Type, _ node: JSONNode, in document: JSONDocument)
        -> T?
    {
        // O is T, as the caller checked T.self against it.
        O.read(node, in: document).map { identityCast($0, to: T.self) }
    }
}
