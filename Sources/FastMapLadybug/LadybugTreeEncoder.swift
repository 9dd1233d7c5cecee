@_spi(FastMapCore) import FastMapCore
import Foundation

/// One value being encoded. Its node goes to its place in the tree as soon as it exists, and
/// containers then write into it in place.
final class LadybugTreeEncoder: Encoder {
    enum Placement {
        case root
        /// At `path` below an object.
        case member(JSONBuildNode, [JSONKeyPath.Component])
        /// In an array slot reserved with `null`.
        case element(JSONBuildNode, Int)
        /// A decode-only property of the model `owner` encodes, placed when the model finishes.
        case deferred(LadybugTreeEncoder, [JSONKeyPath.Component])
        /// The same place as another encoder (a value encoded through a single value container).
        case forward(LadybugTreeEncoder)
    }

    let session: LadybugEncodingSession
    /// The coding path from the root to this value.
    let codingNode: CodingPathNode?
    let placement: Placement
    /// The transformers of the model this encoder encodes, if it is a `JSONCodable` model.
    let plan: TransformerPlan?
    /// How many containers hold this value.
    let depth: Int
    /// The value, once made; the tree (or the session) owns it.
    private(set) var node: JSONBuildNode?
    /// Decode-only properties of this model and where they go, waiting for the model to finish.
    private var deferred: [(path: [JSONKeyPath.Component], node: JSONBuildNode)] = []

    init(
        session: LadybugEncodingSession, codingNode: CodingPathNode?, placement: Placement,
        plan: TransformerPlan?, depth: Int
    ) {
        self.session = session
        self.codingNode = codingNode
        self.placement = placement
        self.plan = plan
        self.depth = depth
    }

    var codingPath: [any CodingKey] { codingNode.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Makes `node` this encoder's value and puts it in place.
    func store(_ node: JSONBuildNode) {
        guard self.node == nil else {
            session.recordMisuse(
                "Attempt to encode a second value at a path where a value was already encoded.",
                codingPath: codingPath)
            return
        }
        self.node = node
        switch placement {
        case .root:
            session.setRoot(node)
        case .member(let object, let path):
            _ = session.place(node, at: path, in: object)
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

    /// Keeps `node` for a place at `path` in this model's object.
    func `defer`(_ node: JSONBuildNode, at path: [JSONKeyPath.Component]) {
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
        // Only into an object this encoder made: not into a `JSON` value encoded whole.
        guard let object = node, object.shape == .object else { return }
        for (path, value) in pending where session.place(value, at: path, in: object, replacing: false) {
            session.noteDepth(depth + path.count)
        }
    }

    private var isRoot: Bool {
        if case .root = placement { return true }
        return false
    }

    /// A child encoder for a value going to `placement`.
    func child<T>(for type: T.Type, at codingNode: CodingPathNode?, placement: Placement, depth: Int)
        -> LadybugTreeEncoder
    {
        LadybugTreeEncoder(
            session: session, codingNode: codingNode, placement: placement, plan: session.plans.plan(ifModel: type),
            depth: depth)
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        var object: JSONBuildNode
        // The object an earlier keyed container made; a `JSON` object encoded whole through the
        // single value container is a value already encoded here, as any other.
        if let node, node.shape == .object {
            object = node
        } else {
            object = .makeObject()
            if node == nil {
                store(object)
            } else {
                session.recordMisuse(
                    "Attempt to push a keyed encoding container where a value was already encoded.",
                    codingPath: codingPath)
            }
        }
        session.noteDepth(depth + 1)
        return KeyedEncodingContainer(
            LadybugKeyedEncodingContainer<Key>(
                encoder: self, object: object, plan: plan, codingNode: codingNode, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        var array: JSONBuildNode
        if let node, node.shape == .array {
            array = node
        } else {
            array = .makeArray()
            if node == nil {
                store(array)
            } else {
                session.recordMisuse(
                    "Attempt to push an unkeyed encoding container where a value was already encoded.",
                    codingPath: codingPath)
            }
        }
        session.noteDepth(depth + 1)
        return LadybugUnkeyedEncodingContainer(encoder: self, array: array, codingNode: codingNode, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}
