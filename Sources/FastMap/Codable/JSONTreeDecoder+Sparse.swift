@_spi(FastMapCore) import FastMapCore

/// The tree reads whose answer depends on whether the tree was built in full: they go through
/// the call's sparse session when there is one (see `FastJSONDecoder+Sparse.swift`).
extension JSONTreeDecoder {
    /// The member `name` of `object`: matched as Foundation matches keys (`exact: false`, see
    /// `JSONNode.member(matching:)`) or byte for byte.
    @inline(__always)
    package func member(_ name: String, of object: JSONNode, exact: Bool = false) -> JSONNode? {
        if let sparse { return sparse.member(name, of: object, exact: exact) }
        return exact ? object.member(name) : object.member(matching: name)
    }

    /// The member `name` of `object` as ``member(_:of:exact:)`` finds it with `exact: false`,
    /// for the keyed container at stack depth `depth`: looked up in order from where that
    /// container's last lookup ended (see `JSONNode.member(_:after:)`).
    @inline(__always)
    package func orderedMember(_ name: String, of object: JSONNode, depth: Int) -> JSONNode? {
        orderedMember(name, of: object) { $0.member(name, of: object, depth: depth) }
    }

    /// ``orderedMember(_:of:depth:)`` for a key spelled in the source (a generated reader's):
    /// compared as bytes, made a `String` only for a learning or filtered session's lookups.
    @inline(__always)
    package func orderedMember(_ name: StaticString, of object: JSONNode, depth: Int) -> JSONNode? {
        orderedMember(name.description, of: object) { $0.member(name, of: object, depth: depth) }
    }

    @inline(__always)
    private func orderedMember(
        _ name: @autoclosure () -> String, of object: JSONNode, inOrder: (JSONMemberCursors) -> JSONNode?
    ) -> JSONNode? {
        if let sparse, sparse.isLearning { return sparse.member(name(), of: object, exact: false) }
        if let found = inOrder(memberCursors) { return found }
        // The session read unowned (the decoder holds it): a member the document leaves out,
        // which most of github_events.json's payloads do several times, cost a retain and
        // release of it.
        if let sparse = sparse.map(UnownedReference.init) {
            return sparse.reading { $0.missingMember(name(), of: object, exact: false) }
        }
        // The cursor's answer is final: an object with a non-ASCII key it searched as Swift
        // compares strings, and in any other no key equals `name` but its bytes.
        return nil
    }

    /// `node` as a ``JSON`` value handed to the model (a `JSON` property or value). A part of the
    /// document is copied out of it, so that a model's `JSON` member does not keep the whole
    /// document (the text and every cell) alive as long as the model lives; the whole of it is
    /// the caller's already.
    package func jsonValue(_ node: JSONNode) -> JSON {
        sparse?.readsWhole(node)
        if node.identity == document.root.identity { return json(node) }
        return JSON(copying: node, of: document)
    }
}
