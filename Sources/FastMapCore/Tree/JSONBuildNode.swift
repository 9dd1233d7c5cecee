internal import CFastMap

/// A value being built in code (`JSON.build`, the encoders' trees, Ladybug's encoder, JSON from
/// Foundation objects): a mutable tree of Swift objects, written into a FastMap document once
/// when it is done (``JSON/owning(_:parts:)``). Existing `JSON` values go in whole
/// (``init(value:)``) and are copied into the new document then.
///
/// An object's keys are unique as Swift strings: ``setFirst(_:_:)`` keeps the first one, as
/// Foundation's `JSONDecoder` does.
package final class JSONBuildNode {
    package enum Scalar {
        case null
        case bool(Bool)
        case integer(Int64)
        case unsigned(UInt64)
        case real(Double)
        /// A number kept as written (a valid JSON number no other case holds exactly).
        case number(String)
        case string(String)
        /// An existing value, copied when the tree is written.
        case value(JSON)
    }

    package enum Shape { case scalar, array, object }

    package let shape: Shape
    // Exclusive access to the stored state is checked at run time in debug builds only (the
    // builds the tests run). Only the node's own methods touch it, and none of them calls out
    // while an access is open: what an assignment releases is a child or a document, which holds
    // no reference back to the node. In release builds the checks were 17% of the instructions
    // of `toData()` on the JSONCodable benchmark, and leaving them out made it 20% faster.
    #if DEBUG
        package private(set) var scalar: Scalar
        /// An array's elements, or an object's member values (in order).
        package private(set) var children: [JSONBuildNode] = []
        /// An object's keys, one per child.
        package private(set) var keys: [String] = []
        /// An object's key positions, made once it has enough members that a walk would cost more.
        private var keyIndex: [String: Int]? = nil
    #else
        @exclusivity(unchecked) package private(set) var scalar: Scalar
        @exclusivity(unchecked) package private(set) var children: [JSONBuildNode] = []
        @exclusivity(unchecked) package private(set) var keys: [String] = []
        @exclusivity(unchecked) private var keyIndex: [String: Int]? = nil
    #endif

    private init(shape: Shape, scalar: Scalar) {
        self.shape = shape
        self.scalar = scalar
    }

    deinit {
        // A document built in code releases its tree through here too (``JSONDocument/built``).
        guard !children.isEmpty || existingBuilt != nil else { return }
        var pending = takeChildren()
        var documents: [JSONDocument] = []
        if let document = takeExistingDocument() { documents.append(document) }
        Self.release(&pending, &documents)
    }

    /// Releases trees without recursion: a tree nested deeper than the stack allows to recurse
    /// (a path of many levels, a value wrapped in an array thousands of times) must not
    /// overflow it when it goes. Each node nothing else holds gives up its children, and the
    /// tree of the built value it stands for, before it goes; the lists are the only holders of
    /// what they hold, so that a node or document they pop is released here, not recursively.
    private static func release(_ pending: inout [JSONBuildNode], _ documents: inout [JSONDocument]) {
        while !pending.isEmpty || !documents.isEmpty {
            while var document = documents.popLast() {
                if isKnownUniquelyReferenced(&document), let built = document.takeBuilt() { pending.append(built) }
            }
            while var node = pending.popLast() {
                guard isKnownUniquelyReferenced(&node) else { continue }
                pending.append(contentsOf: node.takeChildren())
                if let document = node.takeExistingDocument() { documents.append(document) }
            }
        }
    }

    /// The document of the existing value this node stands for, when it is one built in code
    /// (whose own tree may be deep).
    private var existingBuilt: JSONDocument? {
        guard shape == .scalar, case .value(let json) = scalar, json.document.built != nil else { return nil }
        return json.document
    }

    private func takeExistingDocument() -> JSONDocument? {
        guard shape == .scalar, case .value(let json) = scalar else { return nil }
        scalar = .null
        return json.document
    }

    private func takeChildren() -> [JSONBuildNode] {
        let taken = children
        children = []
        return taken
    }

    /// An existing value, shared until the tree is written.
    package init(value: JSON) {
        shape = .scalar
        scalar = .value(value)
    }

    package static func makeObject() -> JSONBuildNode { JSONBuildNode(shape: .object, scalar: .null) }
    package static func makeArray() -> JSONBuildNode { JSONBuildNode(shape: .array, scalar: .null) }
    package static func makeNull() -> JSONBuildNode { JSONBuildNode(shape: .scalar, scalar: .null) }
    package static func makeBool(_ value: Bool) -> JSONBuildNode { JSONBuildNode(shape: .scalar, scalar: .bool(value)) }
    package static func makeInteger(_ value: Int64) -> JSONBuildNode {
        JSONBuildNode(shape: .scalar, scalar: .integer(value))
    }
    /// A UInt64 (above Int64.max, or any).
    package static func makeUnsignedBits(_ value: UInt64) -> JSONBuildNode {
        JSONBuildNode(shape: .scalar, scalar: .unsigned(value))
    }
    /// nil for NaN and infinities, which JSON cannot hold.
    package static func makeReal(_ value: Double) -> JSONBuildNode? {
        value.isFinite ? JSONBuildNode(shape: .scalar, scalar: .real(value)) : nil
    }
    package static func makeString(_ value: String) -> JSONBuildNode {
        JSONBuildNode(shape: .scalar, scalar: .string(value))
    }
    /// A number keeping `text` as written, for a valid JSON number no integer or finite double
    /// holds exactly.
    package static func makeKeptNumber(_ text: String) -> JSONBuildNode {
        JSONBuildNode(shape: .scalar, scalar: .number(text))
    }

    /// The existing value this node stands for, if it is one.
    private var existing: JSON? {
        guard shape == .scalar, case .value(let json) = scalar else { return nil }
        return json
    }

    package var isObject: Bool { shape == .object || existing?.node.isObject == true }
    package var isArray: Bool { shape == .array || existing?.node.isArray == true }
    package var arrayCount: Int {
        if let existing { return existing.node.isArray ? existing.node.arrayCount : 0 }
        return shape == .array ? children.count : 0
    }
    package var objectCount: Int {
        if let existing { return existing.node.isObject ? existing.node.objectCount : 0 }
        return shape == .object ? children.count : 0
    }

    /// Whether the node is `null`.
    package var isNull: Bool {
        if let existing { return existing.node.isNull }
        guard shape == .scalar, case .null = scalar else { return false }
        return true
    }

    /// One step down: an object member or an array element.
    package func child(_ component: JSONKeyPath.Component) -> JSONBuildNode? {
        switch component {
        case .key(let key): isObject ? member(key) : nil
        case .index(let index): isArray ? element(at: index) : nil
        }
    }

    /// Which node this is, as a key of sets and dictionaries.
    package var identity: ObjectIdentifier { ObjectIdentifier(self) }

    /// Appends `child` to an array.
    package func append(_ child: JSONBuildNode) {
        precondition(shape == .array, "FastMap: append to a value that is not an array")
        children.append(child)
    }

    /// Adds `child` under `key` unless the key is already present (the first one wins, as in
    /// Foundation's JSONDecoder). Returns the member already there, nil when `child` was added.
    @discardableResult
    package func setFirst(_ key: String, _ child: JSONBuildNode) -> JSONBuildNode? {
        precondition(shape == .object, "FastMap: a member added to a value that is not an object")
        if let present = position(of: key) { return children[present] }
        keys.append(key)
        children.append(child)
        keyIndex?[key] = keys.count - 1
        if keyIndex == nil && keys.count > 16 {
            keyIndex = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return nil
    }

    /// Sets member `key` to `child`, replacing the value there while keeping the member's
    /// position (or adding it last).
    package func replaceMember(_ key: String, with child: JSONBuildNode) {
        if let index = position(of: key) {
            children[index] = child
        } else {
            setFirst(key, child)
        }
    }

    /// Replaces the element at `index`, which must exist.
    package func replaceElement(at index: Int, with child: JSONBuildNode) {
        children[index] = child
    }

    /// The member `key` of an object (of an existing one too, as a node standing for it).
    package func member(_ key: String) -> JSONBuildNode? {
        if let existing {
            guard existing.node.isObject, let found = existing.node.member(key) else { return nil }
            return JSONBuildNode(value: JSON(document: existing.document, node: found))
        }
        return position(of: key).map { children[$0] }
    }

    /// The element at `index` of an array (of an existing one too, as a node standing for it).
    package func element(at index: Int) -> JSONBuildNode? {
        if let existing {
            guard existing.node.isArray, let found = existing.node.element(at: index) else { return nil }
            return JSONBuildNode(value: JSON(document: existing.document, node: found))
        }
        return shape == .array && index >= 0 && index < children.count ? children[index] : nil
    }

    /// A new container holding the same children, so that writing into the copy never changes
    /// the original (an existing object or array becomes a container of nodes standing for its
    /// members or elements).
    package func shallowCopy() -> JSONBuildNode {
        if let existing, existing.node.isObject || existing.node.isArray {
            let node = existing.node
            let copy = JSONBuildNode(shape: node.isObject ? .object : .array, scalar: .null)
            if node.isObject {
                for (key, value) in node.members {
                    copy.setFirst(key, JSONBuildNode(value: JSON(document: existing.document, node: value)))
                }
            } else {
                node.forEachElement { copy.append(JSONBuildNode(value: JSON(document: existing.document, node: $0))) }
            }
            return copy
        }
        let copy = JSONBuildNode(shape: shape, scalar: scalar)
        copy.children = children
        copy.keys = keys
        copy.keyIndex = keyIndex
        return copy
    }

    private func position(of key: String) -> Int? {
        if let keyIndex { return keyIndex[key] }
        return keys.firstIndex(of: key)
    }
}

extension JSONBuildNode {
    /// Writes the tree into a new document (without recursion: a tree may nest deeper than the
    /// stack allows). The documents of the `JSON` values it holds are kept alive by it.
    func makeCells() -> JSONDocument.Cells {
        guard let (arena, writer) = JSONArena.makeWithWriter() else {
            preconditionFailure("FastMap: out of memory while building a JSON value")
        }
        defer { fm_writer_free(writer) }
        var borrowed: [JSONDocument] = []
        var deepest = 0
        // Each entry: a container and how many of its children are written.
        var open: [(node: JSONBuildNode, written: Int)] = []
        var current: JSONBuildNode? = self
        var status: Int32 = 1
        // A value built in code and never read is written with this one: its tree is next.
        var unwritten: JSONBuildNode? = nil
        func write(_ node: JSONBuildNode) {
            switch node.shape {
            case .object:
                status = fm_writer_start_object(writer)
                open.append((node, 0))
                deepest = max(deepest, open.count)
            case .array:
                status = fm_writer_start_array(writer)
                open.append((node, 0))
                deepest = max(deepest, open.count)
            case .scalar:
                switch node.scalar {
                case .null: status = fm_writer_null(writer)
                case .bool(let value): status = fm_writer_boolean(writer, value ? 1 : 0)
                case .integer(let value): status = fm_writer_integer(writer, value)
                case .unsigned(let value): status = fm_writer_unsigned(writer, value)
                case .real(let value): status = fm_writer_real(writer, value)
                case .number(let text):
                    status = text.withBorrowedUTF8 {
                        fm_writer_number_text(writer, $0.baseAddress ?? emptyBytes, $0.count)
                    }
                case .string(let text):
                    status = text.withBorrowedUTF8 { fm_writer_string(writer, $0.baseAddress ?? emptyBytes, $0.count) }
                case .value(let json):
                    if let tree = json.wholeUnwrittenTree {
                        unwritten = tree
                        return
                    }
                    status = fm_writer_copy(writer, json.node.cell)
                    borrowed.append(json.document)
                    deepest = max(deepest, open.count + json.document.depth)
                }
            }
        }
        while status != 0 {
            if let node = current {
                write(node)
                current = unwritten
                unwritten = nil
                continue
            }
            guard let top = open.last else { break }
            if top.written == top.node.children.count {
                status = fm_writer_end(writer)
                open.removeLast()
                continue
            }
            let index = top.written
            open[open.count - 1].written += 1
            if top.node.shape == .object {
                let key = top.node.keys[index]
                status = key.withBorrowedUTF8 { fm_writer_key(writer, $0.baseAddress ?? emptyBytes, $0.count) }
                if status == 0 { break }
            }
            current = top.node.children[index]
        }
        guard status != 0, let root = fm_writer_take_root(writer) else {
            preconditionFailure("FastMap: out of memory while building a JSON value")
        }
        return JSONDocument.Cells(root: JSONNode(root), arena: arena, borrowedDocuments: borrowed)
    }
}

/// A valid address for empty byte runs (C wants one even for zero bytes).
nonisolated(unsafe) let emptyBytes: UnsafePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    pointer.pointee = 0
    return UnsafePointer(pointer)
}()

/// A valid pointer for empty inputs: yajl wants a non-null address even for zero bytes.
nonisolated(unsafe) let emptyCString: UnsafePointer<CChar> = UnsafeRawPointer(emptyBytes).assumingMemoryBound(
    to: CChar.self)
