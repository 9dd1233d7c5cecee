@_spi(FastMapCore) import FastMapCore
import Foundation

/// The `Decoder` handed to `init(from:)`: one instance serves a whole `decode` call, pointed at
/// the value being decoded and moved down and back up the tree as values nest (as Foundation
/// does), so decoding a nested value allocates nothing but the container boxes Swift itself
/// requires. A finished instance nothing else holds serves the next call with the same settings
/// (`TreeDecoderPool`) or the next element of a stream (`SpareTreeDecoder`), keeping its type
/// lookups.
package final class JSONTreeDecoder: Decoder {
    // The fields read for every value come first and have fixed offsets; `options` holds
    // Foundation's resilient strategy enums, so it goes last and is read only for the special
    // types.
    //
    // The variables read for every value and the type caches looked up for every object and
    // array (an `inout` access each) have their exclusive access checked at run time in debug
    // builds only, the builds the tests and sanitizer lanes run. A decoder serves one thread at a
    // time, and no access to these fields overlaps another: each is read or written whole, or
    // changed by a method that calls nothing reaching the decoder. In release builds the dynamic
    // check of the caches alone was 1% of a streamed decode.
    #if DEBUG
        /// The value `init(from:)` and the single value container read.
        package var node: JSONNode
        /// The coding path of `node`; containers remember how much of it is theirs.
        package var path: CodingPathStack
        /// Changes only when a streaming call moves a finished decoder on to its next element
        /// (see `JSONTreeDecoder+Reuse.swift`), as does `sparse`.
        package internal(set) var document: JSONDocument
        /// The types met so far under `.skipInvalidArrayElements`; see ``lossyArrayType(_:)``.
        package var lossyArrayTypes: [(ObjectIdentifier, (any LossyDecodableArray.Type)?)] = []
        /// The types decoded from arrays so far; see ``decodableArrayType(_:)``.
        package var decodableArrayTypes: [(ObjectIdentifier, (any DecodableArray.Type)?)] = []
        /// The types decoded from objects so far; see ``stringKeyedDictionaryType(_:)``.
        package var stringKeyedDictionaryTypes: [(ObjectIdentifier, (any StringKeyedDictionary.Type)?)] = []
        /// The types met so far as array elements and dictionary values; see ``elementRoute(_:)``.
        package var elementRoutes: [(ObjectIdentifier, ElementRoute)] = []
        /// Set when the call decodes sparsely (see `FastJSONDecoder+Sparse.swift`): the reads that
        /// depend on what the tree holds pass through it.
        package internal(set) var sparse: SparseDecodingSession?
    #else
        @exclusivity(unchecked) package var node: JSONNode
        @exclusivity(unchecked) package var path: CodingPathStack
        @exclusivity(unchecked) package internal(set) var document: JSONDocument
        @exclusivity(unchecked) package var lossyArrayTypes: [(ObjectIdentifier, (any LossyDecodableArray.Type)?)] = []
        @exclusivity(unchecked) package var decodableArrayTypes: [(ObjectIdentifier, (any DecodableArray.Type)?)] = []
        @exclusivity(unchecked)
        package var stringKeyedDictionaryTypes: [(ObjectIdentifier, (any StringKeyedDictionary.Type)?)] = []
        @exclusivity(unchecked) package var elementRoutes: [(ObjectIdentifier, ElementRoute)] = []
        @exclusivity(unchecked) package internal(set) var sparse: SparseDecodingSession?
    #endif
    package let lossy: FastJSONDecoder.LossyCoercions
    package let maximumDepth: Int
    package let keyStrategy: KeyStrategy
    /// Whether `JSONObjectReader` serves the models: the default key strategy (readers match
    /// keys as written) and `Options.readsDocuments`, read once.
    package let readsDocuments: Bool
    /// `.skipInvalidArrayElements`, read once.
    package let skipsInvalidArrayElements: Bool
    /// Whether `[String: T]` takes its own decoding even from a value that is not an object
    /// (under a key strategy, as in Foundation); with default keys only objects take it.
    package let hasStringKeyedDictionaryExemption: Bool
    /// Shared with the decoders `superDecoder` makes, which may outlive the call.
    package let sharing: DecoderSharing
    /// One cursor per stack depth for the keyed containers' in-order member lookups.
    package let memberCursors = JSONMemberCursors()
    /// snake_case key -> converted key, shared by all objects of one `decode` call.
    package var convertedKeys: [String: String] = [:]
    /// The key sequences met under `.convertFromSnakeCase`, each converted once (bounded).
    package var keyShapes = JSONKeyShapes()
    package let options: FastJSONDecoder.Options

    /// `JSONDecoder.KeyDecodingStrategy`, read once per `decode` call instead of once per object.
    package enum KeyStrategy {
        case useDefaultKeys
        case convertFromSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)

        package init(_ strategy: JSONDecoder.KeyDecodingStrategy) {
            switch strategy {
            case .useDefaultKeys: self = .useDefaultKeys
            case .convertFromSnakeCase: self = .convertFromSnakeCase
            case .custom(let convert): self = .custom(convert)
            @unknown default: self = .useDefaultKeys
            }
        }

        package var isDefault: Bool {
            if case .useDefaultKeys = self { return true }
            return false
        }
    }

    package init(
        root: JSON, options: FastJSONDecoder.Options, input: JSONInput?,
        sparse: SparseDecodingSession? = nil
    ) {
        self.document = root.document
        self.sparse = sparse
        self.node = root.node
        self.options = options
        self.lossy = options.lossyCoercions
        self.maximumDepth = options.maximumDepth
        self.keyStrategy = KeyStrategy(options.keyDecodingStrategy)
        self.readsDocuments = keyStrategy.isDefault && options.readsDocuments
        self.hasStringKeyedDictionaryExemption = !keyStrategy.isDefault
        self.skipsInvalidArrayElements = options.lossyCoercions.contains(.skipInvalidArrayElements)
        self.path = CodingPathStack()
        self.sharing = DecoderSharing()
    }

    /// A decoder of its own for `superDecoder()`: it may outlive the container that made it,
    /// so it takes a copy of the path instead of sharing the stack.
    package init(sharing parent: JSONTreeDecoder, node: JSONNode, path: [CodingPathComponent]) {
        self.document = parent.document
        self.options = parent.options
        self.lossy = parent.lossy
        self.maximumDepth = parent.maximumDepth
        self.keyStrategy = parent.keyStrategy
        self.readsDocuments = parent.readsDocuments
        self.hasStringKeyedDictionaryExemption = parent.hasStringKeyedDictionaryExemption
        self.skipsInvalidArrayElements = parent.skipsInvalidArrayElements
        self.node = node
        self.path = CodingPathStack(path)
        self.sharing = parent.sharing
        self.sparse = parent.sparse
        parent.sharing.isShared = true
        parent.sparse?.makesSuperDecoder()
    }

    package var codingPath: [any CodingKey] { path.components.map(\.codingKey) }

    package private(set) lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

    /// The whole document (every error carries it).
    package var root: JSON {
        sparse?.readsFullDocument()
        return JSON(document: document)
    }

    package func json(_ node: JSONNode) -> JSON { JSON(document: document, node: node) }

    // MARK: Containers

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        // No step to add: every `init(from:)` comes here, so it does not carry a nil one along.
        guard node.isObject else { throw containerMismatch([String: Any].self, node: node, at: currentPath, nil) }
        return KeyedDecodingContainer(try JSONKeyedContainer<Key>(decoder: self, object: node, path: currentPath))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(node: node, at: currentPath, nil)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    package func container<Key: CodingKey>(
        keyedBy type: Key.Type, node: JSONNode, at reference: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> KeyedDecodingContainer<Key> {
        guard node.isObject else {
            throw containerMismatch([String: Any].self, node: node, at: reference, step)
        }
        var position = reference
        if let step { position = reference.appending(step) }
        return KeyedDecodingContainer(try JSONKeyedContainer<Key>(decoder: self, object: node, path: position))
    }

    package func unkeyedContainer(
        node: JSONNode, at reference: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> any UnkeyedDecodingContainer {
        guard node.isArray else {
            throw containerMismatch([Any].self, node: node, at: reference, step)
        }
        var position = reference
        if let step { position = reference.appending(step) }
        return JSONUnkeyedContainer(decoder: self, array: node, path: position)
    }

    // MARK: Moving through the tree

    /// Runs `body` with the decoder pointed at `child`, whose path is `reference` + `step`.
    @inline(__always)
    package func with<Result>(
        _ child: JSONNode, at reference: CodingPathReference, _ step: CodingPathComponent?,
        _ body: () throws -> Result
    ) throws -> Result {
        try entering(child, at: reference, step: { $0.push(step) }, body)
    }

    /// Runs `body` with the decoder pointed at `child`, element `index` of the array at
    /// `reference`.
    @inline(__always)
    package func with<Result>(
        _ child: JSONNode, at reference: CodingPathReference, index: Int, _ body: () throws -> Result
    ) throws -> Result {
        try entering(child, at: reference, step: { $0.push(index: index) }, body)
    }

    @inline(__always)
    private func entering<Result>(
        _ child: JSONNode, at reference: CodingPathReference, step push: (inout CodingPathStack) -> Void,
        _ body: () throws -> Result
    ) throws -> Result {
        let savedNode = node
        let savedCount = path.count
        if let tail = reference.tail {
            for component in tail.components { path.push(component) }
        }
        push(&path)
        defer {
            node = savedNode
            path.pop(to: savedCount)
        }
        if path.count > maximumDepth {
            // Only trees built in code get here: parsing already stops at this depth.
            throw tooDeep(at: currentPath)
        }
        node = child
        do {
            return try body()
        } catch let error as DecodingError {
            throw enrich(error, near: child, depth: path.count)
        }
    }

    /// Decodes `child` as `T`, reading scalars and Foundation's special types directly.
    ///
    /// One flat chain of metatype comparisons with direct returns: unspecialized generic code
    /// would look up runtime metadata for every `T?` it produced along the way.
    package func unwrap<T: Decodable>(
        _ child: JSONNode, as type: T.Type, at reference: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> T {
        // Scalars: the same reads the single value container does, minus the round trip
        // through `init(from:)`.
        if T.self == String.self { return identityCast(try readString(child, at: reference, step), to: T.self) }
        if T.self == Double.self {
            return identityCast(try readFloat(child, Double.self, at: reference, step), to: T.self)
        }
        if T.self == Int.self {
            return identityCast(try readInteger(child, Int.self, at: reference, step), to: T.self)
        }
        if T.self == Bool.self { return identityCast(try readBool(child, at: reference, step), to: T.self) }
        if T.self == Int64.self {
            return identityCast(try readInteger(child, Int64.self, at: reference, step), to: T.self)
        }
        if T.self == UInt64.self {
            return identityCast(try readInteger(child, UInt64.self, at: reference, step), to: T.self)
        }
        if T.self == Float.self {
            return identityCast(try readFloat(child, Float.self, at: reference, step), to: T.self)
        }
        if T.self == Int32.self {
            return identityCast(try readInteger(child, Int32.self, at: reference, step), to: T.self)
        }
        if T.self == UInt.self {
            return identityCast(try readInteger(child, UInt.self, at: reference, step), to: T.self)
        }
        if T.self == UInt32.self {
            return identityCast(try readInteger(child, UInt32.self, at: reference, step), to: T.self)
        }
        if T.self == Int16.self {
            return identityCast(try readInteger(child, Int16.self, at: reference, step), to: T.self)
        }
        if T.self == UInt16.self {
            return identityCast(try readInteger(child, UInt16.self, at: reference, step), to: T.self)
        }
        if T.self == Int8.self {
            return identityCast(try readInteger(child, Int8.self, at: reference, step), to: T.self)
        }
        if T.self == UInt8.self {
            return identityCast(try readInteger(child, UInt8.self, at: reference, step), to: T.self)
        }
        // Foundation's special types, FastMap's JSON, and the opt-in special cases.
        if T.self == JSON.self { return identityCast(jsonValue(child), to: T.self) }
        if T.self == Date.self { return identityCast(try decodeDate(child, at: reference, step), to: T.self) }
        if T.self == Data.self { return identityCast(try decodeData(child, at: reference, step), to: T.self) }
        if T.self == URL.self { return identityCast(try decodeURL(child, at: reference, step), to: T.self) }
        if T.self == Decimal.self { return identityCast(try decodeDecimal(child, at: reference, step), to: T.self) }
        // A UUID straight from the string's bytes; any other text goes to `UUID(from:)` below,
        // which throws Foundation's error.
        if T.self == UUID.self, child.isString, let uuid = child.uuidValue { return identityCast(uuid, to: T.self) }
        if let kind = scalarArrayKind(T.self) {
            return try scalarArray(kind: kind, child, as: type, at: reference, step)
        }
        if skipsInvalidArrayElements, let array = lossyArrayType(T.self) {
            return try lossyArray(array, child, as: type, at: reference, step)
        }
        if child.isArray, let array = decodableArrayType(T.self) {
            return try decodableArray(array, child, as: type, at: reference, step)
        }
        // `[String: Value]` reads the members in one pass, as Foundation's `unwrapDictionary`
        // does; the generic `Dictionary.init(from:)` would build `allKeys` and look every key
        // up again. Under a key strategy this is also what exempts the keys from conversion.
        if hasStringKeyedDictionaryExemption || child.isObject, let dictionary = stringKeyedDictionaryType(T.self) {
            return (try dictionary.decodeExemptFromKeyStrategy(self, child, at: reference, step) as! T)
        }
        if let hook = options.hook { return try decode(type, through: hook, child, at: reference, step) }
        return try decodeItself(type, child, at: reference, step)
    }

    /// A front end's hook first, then the type itself. Kept out of ``unwrap(_:as:at:_:)``: the
    /// hook's `T?` makes unspecialized code look up `Optional<T>`'s metadata (a hashed runtime
    /// lookup) on entry to the function that holds it, which would be every value decoded.
    @inline(never)
    private func decode<T: Decodable>(
        _ type: T.Type, through hook: any JSONTreeDecodingHook, _ child: JSONNode, at reference: CodingPathReference,
        _ step: CodingPathComponent?
    ) throws -> T {
        if let value = try hook.decode(type, from: child, in: self, at: reference, step) { return value }
        return try decodeItself(type, child, at: reference, step)
    }

    /// The metatype value, not `T`: `decode(base, ...)` with `let base: Base.Type = Derived.self`
    /// builds a `Derived`, as JSONDecoder does.
    @inline(__always)
    package func decodeItself<T: Decodable>(
        _ type: T.Type, _ child: JSONNode, at reference: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> T {
        try with(child, at: reference, step) { try type.init(from: self) }
    }

    /// ``decodeItself(_:_:at:_:)`` for element `index` of the array at `reference`.
    @inline(__always)
    package func decodeItself<T: Decodable>(
        _ type: T.Type, _ child: JSONNode, at reference: CodingPathReference, index: Int
    ) throws -> T {
        try with(child, at: reference, index: index) { try type.init(from: self) }
    }

    /// Walks `keyPath` from the root for `decode(_:from:at:)`, recording it as the coding path.
    package func resolve(_ keyPath: JSONKeyPath) throws -> JSONNode {
        var current = node
        for component in keyPath.components {
            let here = currentPath
            switch component {
            case .key(let name):
                guard current.isObject else {
                    throw containerMismatch([String: Any].self, node: current, at: here, nil)
                }
                let key = FastCodingKey(stringValue: name)
                guard let next = member(name, of: current, exact: true) else {
                    throw keyNotFound(key, in: current, at: here)
                }
                path.push(.key(key))
                current = next
            case .index(let index):
                guard current.isArray else { throw containerMismatch([Any].self, node: current, at: here, nil) }
                guard let next = current.element(at: index) else {
                    throw indexOutOfBounds(index, in: current, at: here)
                }
                path.push(.index(index))
                current = next
            }
        }
        return current
    }
}

/// What a decoder and the decoders its `superDecoder()` calls made share: whether there are any.
package final class DecoderSharing {
    /// Set when a `superDecoder()` shares the decoder's call: it may outlive it.
    package var isShared = false

    package init() {}
}
