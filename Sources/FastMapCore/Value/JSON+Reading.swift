/// Reading values: kind, subscripts, typed accessors.
extension JSON {
    /// The kind of this value.
    public var kind: Kind { node.kind }

    /// `true` for JSON `null`.
    public var isNull: Bool { node.isNull }

    /// The member named `key` of an object; nil when this is not an object or has no such key.
    /// The key is used as is (it is not split on `.`; use a ``JSONKeyPath`` for paths).
    public subscript(key: String) -> JSON? {
        guard node.isObject, let child = node.member(key) else { return nil }
        return JSON(document: document, node: child)
    }

    /// The element at `index` of an array; nil when this is not an array or out of bounds.
    public subscript(index: Int) -> JSON? {
        guard node.isArray, let child = node.element(at: index) else { return nil }
        return JSON(document: document, node: child)
    }

    /// The value at `path`; nil when any step is missing.
    public subscript(path: JSONKeyPath) -> JSON? {
        var current = node
        for component in path.components {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return JSON(document: document, node: current)
    }

    /// The value at `path`.
    /// - Throws: ``FastMapError`` of kind `keyNotFound` (or `typeMismatch` when a step meets
    ///   a value that is not a container), naming the first step that failed.
    public func value(at path: JSONKeyPath) throws(FastMapError) -> JSON {
        var current = self
        var walked: [JSONKeyPath.Component] = []
        for component in path.components {
            let expectedContainer: Kind
            switch component {
            case .key: expectedContainer = .object
            case .index: expectedContainer = .array
            }
            guard current.kind == expectedContainer else {
                throw FastMapError.typeMismatch(
                    expected: expectedContainer.rawValue, found: current, path: walked,
                    message: "cannot look up \(component) in \(current.kind)"
                )
                .located(root: JSON(document: document))
            }
            guard let next = current.node.child(component) else {
                var key: String? = nil
                if case .key(let name) = component { key = name }
                throw FastMapError(
                    kind: .keyNotFound,
                    message: component.missingDescription(in: current),
                    path: walked + [component], key: key, node: current,
                    root: JSON(document: document))
            }
            walked.append(component)
            current = JSON(document: document, node: next)
        }
        return current
    }

    // MARK: Scalars

    /// The string, when this is a string.
    public var string: String? { node.isString ? node.stringValue : nil }

    /// The boolean, when this is `true` or `false`.
    public var bool: Bool? {
        if node.isTrue { return true }
        if node.isFalse { return false }
        return nil
    }

    /// The number as `Int`, when it is a whole number in range (`1.0` gives 1; `1.5` gives nil).
    public var int: Int? { number.flatMap { $0.exactly(Int.self) } }

    /// The number as `Int64`, when it is a whole number in range.
    public var int64: Int64? { number.flatMap { $0.exactly(Int64.self) } }

    /// The number as `UInt64`, when it is a whole non-negative number in range
    /// (values up to `UInt64.max` are kept exactly).
    public var uint64: UInt64? { number.flatMap { $0.exactly(UInt64.self) } }

    /// The number as `Double` (integers are converted, possibly rounding above 2^53).
    public var double: Double? { number?.doubleValue }

    /// The number as stored: an integer, an unsigned integer above `Int64.max`, or a double.
    package var number: Number? {
        if node.isInteger {
            let bits = node.integerBits
            if bits < 0 && document.isUnsigned(node) { return .unsigned(UInt64(bitPattern: bits)) }
            return .integer(bits)
        }
        if node.isReal {
            let value = node.realValue
            if value.isNaN, let text = node.keptNumberText { return .text(text) }
            return .double(value)
        }
        return nil
    }

    /// A JSON number as jansson stores it, with FastMap's unsigned extension.
    package enum Number: Equatable {
        case integer(Int64)
        case unsigned(UInt64)
        case double(Double)
        /// A number kept as written: beyond `Int64.min...UInt64.max` or beyond `Double`'s range.
        case text(String)

        /// The value as a double: the nearest one for kept texts (infinite beyond its range).
        package var doubleValue: Double {
            switch self {
            case .integer(let value): Double(value)
            case .unsigned(let value): Double(value)
            case .double(let value): value
            case .text(let text): Double(text) ?? .nan
            }
        }

        /// The value as `T` when it converts without loss.
        package func exactly<T: BinaryInteger>(_: T.Type) -> T? {
            switch self {
            case .integer(let value): T(exactly: value)
            case .unsigned(let value): T(exactly: value)
            case .double(let value): T(exactly: value)
            case .text(let text):
                // Whole numbers only: digits with an optional minus sign.
                if let value = Int128(text) { T(exactly: value) } else { UInt128(text).flatMap { T(exactly: $0) } }
            }
        }
    }

    // MARK: Containers

    /// The elements, when this is an array.
    public var array: [JSON]? {
        guard node.isArray else { return nil }
        return Array(elements)
    }

    /// The members, when this is an object.
    public var object: [String: JSON]? {
        guard node.isObject else { return nil }
        var result: [String: JSON] = [:]
        result.reserveCapacity(node.objectCount)
        node.forEachMember { key, value in
            result[String(treeUTF8: key)] = JSON(document: document, node: value)
        }
        return result
    }

    /// The number of elements of an array or members of an object; 0 for other values.
    public var count: Int {
        if node.isArray { return node.arrayCount }
        if node.isObject { return node.objectCount }
        return 0
    }

    /// An object's keys in document order (empty for other values).
    public var keys: [String] {
        guard node.isObject else { return [] }
        return node.members.map(\.key)
    }

    /// An array's elements in order (empty for other values).
    public var elements: Elements { Elements(json: self, nodes: node.isArray ? node.elements : []) }

    /// An object's members in document order (empty for other values).
    public var members: [(key: String, value: JSON)] {
        guard node.isObject else { return [] }
        return node.members.map { ($0.key, JSON(document: document, node: $0.value)) }
    }

    /// The elements of an array, read in place.
    public struct Elements: RandomAccessCollection, Sendable {
        package let json: JSON
        /// Each element's cell, found once (a document reaches an element from the one before).
        let nodes: [JSONNode]

        /// Always 0.
        public var startIndex: Int { 0 }
        /// The number of elements (0 when the value is not an array).
        public var endIndex: Int { nodes.count }

        /// The element at `position`.
        public subscript(position: Int) -> JSON {
            precondition(position >= 0 && position < nodes.count, "JSON.Elements index \(position) out of range")
            return JSON(document: json.document, node: nodes[position])
        }
    }
}
