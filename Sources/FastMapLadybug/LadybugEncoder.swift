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
            session: session, parent: nil, keys: [], placement: .root, plan: session.plans.plan(ifModel: T.self),
            depth: 0)
        try encoder.encodeValue(value)
        try encoder.finish()
        if let misuse = session.misuse { throw misuse }
        guard let root = session.takeRoot() else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return JSON.owning(root, parts: session.parts)
    }
}

/// What the encoders of one `encode` call share: the compiled plans, the tree's root, and the
/// references to nodes that are not (or not yet) in the tree.
final class LadybugEncodingSession {
    let plans = TransformerPlans()
    var parts = JSON.SharedParts()
    private var root: JSONNode?
    /// Nodes the session holds a reference to: values whose place was taken (an encoder may
    /// still write into them) and decode-only values waiting for their model to finish.
    private var kept: [JSONNode] = []
    private(set) var misuse: EncodingError?

    func setRoot(_ node: JSONNode) {
        if root == nil { root = node } else { keep(node) }
    }

    func takeRoot() -> JSONNode? {
        defer { root = nil }
        return root
    }

    func keep(_ node: JSONNode) {
        kept.append(node)
    }

    func noteDepth(_ depth: Int) {
        if depth > parts.depth { parts.depth = depth }
    }

    /// `JSONEncoder` stops the process on a misused container; this encoder lets the value
    /// finish and throws the first misuse.
    func recordMisuse(_ message: String, codingPath: [any CodingKey]) {
        guard misuse == nil else { return }
        misuse = .invalidValue(
            NSNull(), EncodingError.Context(codingPath: codingPath, debugDescription: message))
    }

    func finish() {
        for node in kept { release(node) }
        kept = []
        if let root { release(root) }
        root = nil
        plans.finish()
    }

    private func release(_ node: JSONNode) {
        if parts.depth > JSONDocument.recursiveReleaseLimit { node.releaseDeep() } else { node.release() }
    }

    /// A node sharing `json`'s tree, at `depth`.
    func adopt(_ json: JSON, depth: Int) -> JSONNode {
        let node = parts.adopt(json)
        noteDepth(depth + json.document.depth + 1)
        return node
    }

    // MARK: Placing values at key paths

    /// Containers made on the way to a key path rather than written by a property: a property
    /// written at their place replaces them (`tags` after `tags[0]`: the whole list wins).
    private var madeOnTheWay: Set<UnsafeMutableRawPointer> = []

    /// Puts `node` at `path` below `object`, creating the objects and arrays on the way (arrays
    /// padded with `null`), and takes over the caller's reference. Returns false, without taking
    /// it, when the place is taken or a value of another kind is in the way: the first property
    /// written to a place keeps it, except over containers made on the way (unless `replacing`
    /// is false).
    func place(
        _ node: JSONNode, at path: [JSONKeyPath.Component], in object: JSONNode, replacing: Bool = true
    ) -> Bool {
        guard let last = path.last, let parent = parent(of: path, in: object) else { return false }
        return attach(node, at: last, in: parent, replacing: replacing)
    }

    /// The object (or array) at `path` below `object`, made when missing; nil when a value of
    /// another kind is there.
    func container(
        at path: [JSONKeyPath.Component], in object: JSONNode, array: Bool
    ) -> JSONNode? {
        guard let last = path.last, let parent = parent(of: path, in: object) else { return nil }
        if let existing = parent.child(last), !(existing.isNull && parent.isArray) {
            return (array ? existing.isArray : existing.isObject) ? existing : nil
        }
        let made: JSONNode = array ? .makeArray() : .makeObject()
        guard attach(made, at: last, in: parent, replacing: false) else {
            made.release()
            return nil
        }
        return made
    }

    /// The container that holds the last step of `path`.
    private func parent(of path: [JSONKeyPath.Component], in object: JSONNode) -> JSONNode? {
        var current = object
        for index in 0..<max(path.count - 1, 0) {
            var wantsArray = false
            if case .index = path[index + 1] { wantsArray = true }
            if let existing = current.child(path[index]), !existing.isNull {
                guard wantsArray ? existing.isArray : existing.isObject else { return nil }
                current = existing
                continue
            }
            let made: JSONNode = wantsArray ? .makeArray() : .makeObject()
            guard attach(made, at: path[index], in: current, replacing: false) else {
                made.release()
                return nil
            }
            madeOnTheWay.insert(made.identity)
            current = made
        }
        return current
    }

    /// Adds `node` to `container` as member or element `component`. Array slots holding `null`
    /// (padding) can be filled, and with `replacing`, containers made on the way replaced.
    private func attach(
        _ node: JSONNode, at component: JSONKeyPath.Component, in container: JSONNode, replacing: Bool
    ) -> Bool {
        switch component {
        case .key(let name):
            guard container.isObject else { return false }
            guard let existing = container.member(name) else {
                container.setFirst(name, node)
                return true
            }
            guard replacing, takeOver(existing) else { return false }
            container.replaceMember(name, with: node)
            return true
        case .index(let index):
            guard container.isArray, index >= 0 else { return false }
            while container.arrayCount < index { container.append(.makeNull()) }
            guard let existing = container.element(at: index) else {
                container.append(node)
                return true
            }
            guard existing.isNull || (replacing && takeOver(existing)) else { return false }
            container.replaceElement(at: index, with: node)
            return true
        }
    }

    /// Whether `existing` was made on the way and may be replaced; if so the session keeps it
    /// alive, since a nested container may still be writing into it.
    private func takeOver(_ existing: JSONNode) -> Bool {
        guard madeOnTheWay.remove(existing.identity) != nil else { return false }
        existing.retain()
        keep(existing)
        return true
    }
}

/// One value being encoded. Its node goes to its place in the tree as soon as it exists, and
/// containers then write into it in place.
final class LadybugTreeEncoder: Encoder {
    enum Placement {
        case root
        /// At `path` below an object.
        case member(JSONNode, [JSONKeyPath.Component])
        /// In an array slot reserved with `null`.
        case element(JSONNode, Int)
        /// A decode-only property of the model `owner` encodes, placed when the model finishes.
        case deferred(LadybugTreeEncoder, [JSONKeyPath.Component])
        /// The same place as another encoder (a value encoded through a single value container).
        case forward(LadybugTreeEncoder)
    }

    let session: LadybugEncodingSession
    let parent: LadybugTreeEncoder?
    /// The coding path from `parent` to this value.
    let keys: [any CodingKey]
    let placement: Placement
    /// The transformers of the model this encoder encodes, if it is a `JSONCodable` model.
    let plan: TransformerPlan?
    /// How many containers hold this value.
    let depth: Int
    /// The value, once made; the tree (or the session) owns it.
    private(set) var node: JSONNode?
    /// Decode-only properties of this model and where they go, waiting for the model to finish.
    private var deferred: [(path: [JSONKeyPath.Component], node: JSONNode)] = []

    init(
        session: LadybugEncodingSession, parent: LadybugTreeEncoder?, keys: [any CodingKey], placement: Placement,
        plan: TransformerPlan?, depth: Int
    ) {
        self.session = session
        self.parent = parent
        self.keys = keys
        self.placement = placement
        self.plan = plan
        self.depth = depth
    }

    var codingPath: [any CodingKey] {
        var path = keys
        var current = parent
        while let encoder = current {
            path.insert(contentsOf: encoder.keys, at: 0)
            current = encoder.parent
        }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Makes `node` this encoder's value and puts it in place, taking over the reference.
    func store(_ node: JSONNode) {
        guard self.node == nil else {
            session.recordMisuse(
                "Attempt to encode a second value at a path where a value was already encoded.",
                codingPath: codingPath)
            session.keep(node)
            return
        }
        self.node = node
        switch placement {
        case .root:
            session.setRoot(node)
        case .member(let object, let path):
            if !session.place(node, at: path, in: object) { session.keep(node) }
        case .element(let array, let index):
            array.replaceElement(at: index, with: node)
        case .deferred(let owner, let path):
            owner.defer(node, at: path)
        case .forward(let target):
            target.store(node)
        }
    }

    /// Encodes `value` here: scalars and Foundation's special types directly, anything else
    /// through its `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T, dateCoding: DateCoding? = nil) throws {
        if let scalar = try makeScalar(value, dateCoding: dateCoding, depth: depth, codingPath: { codingPath }) {
            store(scalar)
        } else {
            try value.encode(to: self)
        }
    }

    /// Keeps `node` (taking over the reference) for a place at `path` in this model's object.
    func `defer`(_ node: JSONNode, at path: [JSONKeyPath.Component]) {
        session.keep(node)
        deferred.append((path, node))
    }

    /// Called once the value's `encode(to:)` returned: a value that encoded nothing becomes an
    /// empty object (as in `JSONEncoder`), and the model's decode-only properties take the places
    /// nothing else was written to.
    func finish() throws {
        if node == nil, !isRoot { store(.makeObject()) }
        guard !deferred.isEmpty else { return }
        let pending = deferred
        deferred = []
        guard let object = node, object.isObject else { return }
        for (path, value) in pending {
            value.retain()
            if session.place(value, at: path, in: object, replacing: false) {
                session.noteDepth(depth + path.count)
            } else {
                value.release()
            }
        }
    }

    private var isRoot: Bool {
        if case .root = placement { return true }
        return false
    }

    /// A child encoder for a value going to `placement`.
    func child<T>(for type: T.Type, keys: [any CodingKey], placement: Placement, depth: Int) -> LadybugTreeEncoder {
        LadybugTreeEncoder(
            session: session, parent: self, keys: keys, placement: placement, plan: session.plans.plan(ifModel: type),
            depth: depth)
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        var object: JSONNode
        if let node, node.isObject {
            object = node
        } else {
            object = .makeObject()
            if node == nil {
                store(object)
            } else {
                session.recordMisuse(
                    "Attempt to push a keyed encoding container where a value was already encoded.",
                    codingPath: codingPath)
                session.keep(object)
            }
        }
        session.noteDepth(depth + 1)
        return KeyedEncodingContainer(
            LadybugKeyedEncodingContainer<Key>(encoder: self, object: object, plan: plan, prefix: [], depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        var array: JSONNode
        if let node, node.isArray {
            array = node
        } else {
            array = .makeArray()
            if node == nil {
                store(array)
            } else {
                session.recordMisuse(
                    "Attempt to push an unkeyed encoding container where a value was already encoded.",
                    codingPath: codingPath)
                session.keep(array)
            }
        }
        session.noteDepth(depth + 1)
        return LadybugUnkeyedEncodingContainer(encoder: self, array: array, prefix: [], depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

extension LadybugTreeEncoder: SingleValueEncodingContainer {
    func encodeNil() throws { store(.makeNull()) }
    func encode(_ value: Bool) throws { store(.makeBool(value)) }
    func encode(_ value: String) throws { store(.makeString(value)) }
    func encode(_ value: Double) throws { store(try makeNumber(value, codingPath: { codingPath })) }
    func encode(_ value: Float) throws { store(try makeNumber(value, codingPath: { codingPath })) }
    func encode(_ value: Int) throws { store(makeInteger(value)) }
    func encode(_ value: Int8) throws { store(makeInteger(value)) }
    func encode(_ value: Int16) throws { store(makeInteger(value)) }
    func encode(_ value: Int32) throws { store(makeInteger(value)) }
    func encode(_ value: Int64) throws { store(makeInteger(value)) }
    func encode(_ value: UInt) throws { store(makeInteger(value)) }
    func encode(_ value: UInt8) throws { store(makeInteger(value)) }
    func encode(_ value: UInt16) throws { store(makeInteger(value)) }
    func encode(_ value: UInt32) throws { store(makeInteger(value)) }
    func encode(_ value: UInt64) throws { store(makeInteger(value)) }

    func encode<T: Encodable>(_ value: T) throws {
        if let scalar = try makeScalar(value, dateCoding: nil, depth: depth, codingPath: { codingPath }) {
            store(scalar)
            return
        }
        let forwarded = child(for: T.self, keys: [], placement: .forward(self), depth: depth)
        try value.encode(to: forwarded)
        try forwarded.finish()
    }
}

// MARK: Scalars

extension LadybugTreeEncoder {
    /// The node for a scalar or one of Foundation's special types (as `JSONEncoder` writes them,
    /// with dates as milliseconds since 1970 unless a date transformer says otherwise); nil for
    /// values that encode themselves.
    func makeScalar<T: Encodable>(
        _ value: T, dateCoding: DateCoding?, depth: Int, codingPath: () -> [any CodingKey]
    ) throws -> JSONNode? {
        switch value {
        case let string as String: return .makeString(string)
        case let bool as Bool: return .makeBool(bool)
        case let double as Double: return try makeNumber(double, codingPath: codingPath)
        case let float as Float: return try makeNumber(float, codingPath: codingPath)
        case let integer as Int: return makeInteger(integer)
        case let integer as Int64: return makeInteger(integer)
        case let integer as Int32: return makeInteger(integer)
        case let integer as Int16: return makeInteger(integer)
        case let integer as Int8: return makeInteger(integer)
        case let integer as UInt: return makeInteger(integer)
        case let integer as UInt64: return makeInteger(integer)
        case let integer as UInt32: return makeInteger(integer)
        case let integer as UInt16: return makeInteger(integer)
        case let integer as UInt8: return makeInteger(integer)
        case let date as Date:
            if let dateCoding {
                return session.adopt(dateCoding.json(for: date, formatters: session.plans.formatters), depth: depth)
            }
            return try makeNumber(date.timeIntervalSince1970 * 1000, codingPath: codingPath)
        case let data as Data: return .makeString(data.base64EncodedString())
        case let url as URL: return .makeString(url.absoluteString)
        case let decimal as Decimal:
            guard let json = try? JSON(foundationObject: NSDecimalNumber(decimal: decimal)) else {
                throw EncodingError.invalidValue(
                    decimal,
                    EncodingError.Context(
                        codingPath: codingPath(), debugDescription: "Unable to encode \(decimal) in JSON."))
            }
            return session.adopt(json, depth: depth)
        case let json as JSON: return session.adopt(json, depth: depth)
        default: return nil
        }
    }

    func makeInteger<T: FixedWidthInteger>(_ value: T) -> JSONNode {
        if let small = Int64(exactly: value) { return .makeInteger(small) }
        return JSONNode.makeUnsignedBits(UInt64(value))
    }

    /// A number node; NaN and infinities throw as in `JSONEncoder`. `Float`s keep their own
    /// shortest text (`0.1`, not `0.10000000149011612`).
    func makeNumber<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: T, codingPath: () -> [any CodingKey]
    ) throws -> JSONNode {
        let double = T.self == Double.self ? Double(value) : Double(value.description) ?? Double(value)
        guard let node = JSONNode.makeReal(double) else {
            let name = value.isNaN ? "\(T.self).nan" : value < 0 ? "-\(T.self).infinity" : "\(T.self).infinity"
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath(), debugDescription: "Unable to encode \(name) directly in JSON."))
        }
        return node
    }
}
