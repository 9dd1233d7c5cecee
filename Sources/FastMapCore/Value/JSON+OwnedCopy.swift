internal import CFastMap

extension JSON {
    /// `node` of `document` copied into a document of its own, with the bytes of its strings and
    /// numbers: the value then keeps nothing of `document` alive (a `JSON` member of a decoded
    /// model would otherwise hold the whole text it came from, for as long as the model lives).
    package init(copying node: JSONNode, of document: JSONDocument) {
        guard let (arena, writer) = JSONArena.makeWithWriter() else {
            preconditionFailure("FastMap: out of memory while copying a JSON value")
        }
        defer { fm_writer_free(writer) }
        // `document` holds the cells being read until the copy is made.
        let status = withExtendedLifetime(document) { fm_writer_copy_owned(writer, node.cell) }
        guard status != 0, let root = fm_writer_take_root(writer) else {
            preconditionFailure("FastMap: out of memory while copying a JSON value")
        }
        self.init(document: JSONDocument(root: JSONNode(root), depth: document.depth, arena: arena))
    }
}
