/// Building values in code: a ``JSONBuildNode`` tree, written into a document of its own when
/// done.
extension JSON {
    /// The value `node` describes, nesting at most `depth` levels, in a new document (written
    /// when first read). The caller hands the tree over: it never changes it again.
    package static func owning(_ node: JSONBuildNode, depth: Int = 0) -> JSON {
        JSON(document: JSONDocument(building: node, depth: depth))
    }

    /// The value `node` describes, in a new document; `parts` tells how deep it nests.
    package static func owning(_ node: JSONBuildNode, parts: SharedParts) -> JSON {
        owning(node, depth: parts.depth)
    }

    /// Existing values a new tree takes in, and how deep they nest.
    package struct SharedParts {
        package var depth = 0

        /// Nothing shared yet; `depth` is the nesting the new container adds.
        package init(depth: Int = 0) { self.depth = depth }

        /// A node standing for `json`, for a container to take in (copied when the tree is
        /// written).
        package mutating func adopt(_ json: JSON) -> JSONBuildNode {
            depth = max(depth, json.document.depth + 1)
            return JSONBuildNode(value: json)
        }
    }

    /// `null`.
    public static let null = JSON(document: .null)

    /// A JSON string.
    public init(_ value: String) { self = .owning(.makeString(value)) }

    /// A JSON `true` or `false`.
    public init(_ value: Bool) { self = .owning(.makeBool(value)) }

    /// A JSON integer.
    public init<T: BinaryInteger>(_ value: T) {
        if let small = Int64(exactly: value) {
            self = .owning(.makeInteger(small))
        } else if let large = UInt64(exactly: value) {
            self = .owning(JSONBuildNode.makeUnsignedBits(large))
        } else {
            // Only integer types wider than 64 bits get here; keep the nearest double.
            self = .owning(JSONBuildNode.makeReal(Double(value)) ?? .makeNull())
        }
    }

    /// A JSON number from a double.
    /// - Throws: ``FastMapError`` (`invalidValue`) for NaN and infinities, which JSON cannot hold.
    public init(_ value: Double) throws(FastMapError) {
        guard let node = JSONBuildNode.makeReal(value) else {
            throw FastMapError(
                kind: .invalidValue, message: "\(value) cannot be written as a JSON number",
                expectedType: "finite number")
        }
        self = .owning(node)
    }

    /// An array of values (shared with their documents, not copied).
    public init(array elements: [JSON]) {
        let array = JSONBuildNode.makeArray()
        var parts = SharedParts(depth: 1)
        for element in elements { array.append(parts.adopt(element)) }
        self = .owning(array, parts: parts)
    }

    /// An object from members in order; for a repeated key the first one wins.
    public init(members: [(key: String, value: JSON)]) {
        let object = JSONBuildNode.makeObject()
        var parts = SharedParts(depth: 1)
        for (key, value) in members { object.setFirst(key, parts.adopt(value)) }
        self = .owning(object, parts: parts)
    }

    /// An object from a dictionary (member order follows the dictionary's iteration order).
    public init(object: [String: JSON]) {
        self.init(members: object.map { ($0.key, $0.value) })
    }
}

extension JSON: ExpressibleByStringLiteral {
    /// A JSON string.
    public init(stringLiteral value: String) { self.init(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    /// A JSON integer.
    public init(integerLiteral value: Int) { self.init(value) }
}

extension JSON: ExpressibleByFloatLiteral {
    /// A JSON number. Literals are always finite.
    public init(floatLiteral value: Double) {
        self = .owning(JSONBuildNode.makeReal(value) ?? .makeNull())
    }
}

extension JSON: ExpressibleByBooleanLiteral {
    /// A JSON boolean.
    public init(booleanLiteral value: Bool) { self.init(value) }
}

extension JSON: ExpressibleByNilLiteral {
    /// JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByArrayLiteral {
    /// A JSON array.
    public init(arrayLiteral elements: JSON...) { self.init(array: elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// A JSON object, members in the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(members: elements.map { (key: $0.0, value: $0.1) })
    }
}
