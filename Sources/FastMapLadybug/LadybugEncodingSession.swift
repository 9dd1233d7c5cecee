@_spi(FastMapCore) import FastMapCore
import Foundation

/// What the encoders of one `encode` call share: the compiled plans and the tree's root.
final class LadybugEncodingSession {
    let plans = TransformerPlans()
    var parts = JSON.SharedParts()
    private var root: JSONBuildNode?
    private(set) var misuse: EncodingError?

    func setRoot(_ node: JSONBuildNode) {
        if root == nil { root = node }
    }

    func takeRoot() -> JSONBuildNode? {
        defer { root = nil }
        return root
    }

    func noteDepth(_ depth: Int) {
        if depth > parts.depth { parts.depth = depth }
    }

    /// `JSONEncoder` stops the process on a misused container; this encoder lets the value
    /// finish and throws the first misuse.
    func recordMisuse(_ message: String, codingPath: [any CodingKey]) {
        guard misuse == nil else { return }
        misuse = CodingErrors.invalidValue(NSNull(), at: codingPath, message)
    }

    func finish() {
        root = nil
        plans.finish()
    }

    /// A node sharing `json`'s tree, at `depth`.
    func adopt(_ json: JSON, depth: Int) -> JSONBuildNode {
        let node = parts.adopt(json)
        noteDepth(depth + json.document.depth + 1)
        return node
    }

    // MARK: Placing values at key paths

    /// Containers made on the way to a key path rather than written by a property: a property
    /// written at their place replaces them (`tags` after `tags[0]`: the whole list wins).
    private var madeOnTheWay: Set<ObjectIdentifier> = []

    /// Puts `node` at `path` below `object`, creating the objects and arrays on the way (arrays
    /// padded with `null`). Returns false when the place is taken or a value of another kind is in the way: the first property
    /// written to a place keeps it, except over containers made on the way (unless `replacing`
    /// is false).
    func place(
        _ node: JSONBuildNode, at path: [JSONKeyPath.Component], in object: JSONBuildNode, replacing: Bool = true
    ) -> Bool {
        guard let last = path.last, let parent = parent(of: path, in: object) else { return false }
        return attach(node, at: last, in: parent, replacing: replacing)
    }

    /// The object (or array) at `path` below `object`, made when missing; nil when a value of
    /// another kind is there.
    func container(
        at path: [JSONKeyPath.Component], in object: JSONBuildNode, array: Bool
    ) -> JSONBuildNode? {
        guard let last = path.last, let parent = parent(of: path, in: object) else { return nil }
        if let existing = parent.child(last), !(existing.isNull && parent.isArray) {
            guard array ? existing.isArray : existing.isObject else { return nil }
            return writable(existing, at: last, in: parent)
        }
        let made: JSONBuildNode = array ? .makeArray() : .makeObject()
        guard attach(made, at: last, in: parent, replacing: false) else { return nil }
        return made
    }

    /// The container that holds the last step of `path`.
    private func parent(of path: [JSONKeyPath.Component], in object: JSONBuildNode) -> JSONBuildNode? {
        var current = object
        for index in 0..<max(path.count - 1, 0) {
            var wantsArray = false
            if case .index = path[index + 1] { wantsArray = true }
            if let existing = current.child(path[index]), !existing.isNull {
                guard wantsArray ? existing.isArray : existing.isObject else { return nil }
                current = writable(existing, at: path[index], in: current)
                continue
            }
            let made: JSONBuildNode = wantsArray ? .makeArray() : .makeObject()
            guard attach(made, at: path[index], in: current, replacing: false) else { return nil }
            madeOnTheWay.insert(made.identity)
            current = made
        }
        return current
    }

    /// The object or array `child`, found at `component` in `container`, as a container a path
    /// can write into. A `JSON` value a property wrote (a node standing for it) is replaced in
    /// `container` by a copy holding its members or elements, so that a path below it adds to it
    /// as a path below a model's object does, and the value itself stays as it is.
    private func writable(
        _ child: JSONBuildNode, at component: JSONKeyPath.Component, in container: JSONBuildNode
    ) -> JSONBuildNode {
        guard child.shape == .scalar else { return child }
        let copy = child.shallowCopy()
        switch component {
        case .key(let name): container.replaceMember(name, with: copy)
        case .index(let index): container.replaceElement(at: index, with: copy)
        }
        return copy
    }

    /// Adds `node` to `container` as member or element `component`. Array slots holding `null`
    /// (padding) can be filled, and with `replacing`, containers made on the way replaced.
    private func attach(
        _ node: JSONBuildNode, at component: JSONKeyPath.Component, in container: JSONBuildNode, replacing: Bool
    ) -> Bool {
        switch component {
        case .key(let name):
            guard container.isObject else { return false }
            guard let existing = container.setFirst(name, node) else { return true }
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

    /// Whether `existing` was made on the way and may be replaced.
    private func takeOver(_ existing: JSONBuildNode) -> Bool {
        madeOnTheWay.remove(existing.identity) != nil
    }
}
