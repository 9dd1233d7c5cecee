internal import CFastMap
internal import CJansson

/// Where the last in-order member lookup of one object ended (see
/// ``JSONNode/member(_:after:)``). A fresh cursor, or one left by another object, starts at
/// the first member.
package struct JSONMemberCursor {
    private var object: UnsafeMutableRawPointer?
    private var position: UnsafeMutableRawPointer?

    package init() {}

    /// The position to start after in `node`: nil (the first member) unless the cursor is
    /// `node`'s own.
    fileprivate mutating func position(in node: JSONNode) -> UnsafeMutableRawPointer? {
        if object != node.address {
            object = node.address
            position = nil
        }
        return position
    }

    fileprivate mutating func move(to position: UnsafeMutableRawPointer?) { self.position = position }
}

extension JSONNode {
    /// The member named `key`, byte for byte, as ``member(_:)`` finds it — looked for first
    /// among the few members after `cursor`, because a model reads its members in declaration
    /// order, which is usually the document's. Out-of-order and missing keys take jansson's
    /// hash lookup and leave the cursor where it was.
    @inline(__always)
    package func member(_ key: String, after cursor: inout JSONMemberCursor) -> JSONNode? {
        var key = key
        var position = cursor.position(in: self)
        let found = key.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                fm_object_member_in_order(raw, &position, chars.baseAddress ?? emptyCString, chars.count)
            }
        }
        cursor.move(to: position)
        return found.map(JSONNode.init)
    }
}
