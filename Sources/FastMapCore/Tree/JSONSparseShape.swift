/// What a decode read at one position of a document, while it is being learned: the members
/// looked up (by their JSON key) with what was read below each, what was read of an array's
/// elements (all elements share one shape), every member of an object read as a dictionary's
/// values (``keepsEveryMember``: they share one shape, `element`, as elements do), or
/// ``keepsAll`` when the whole value was needed.
///
/// Mutable and single-threaded: made by one decode, then frozen into a ``JSONSparseSchema``.
package final class JSONSparseShape {
    /// Build the value and everything below it in full.
    package var keepsAll = false
    /// The members read, by JSON key (added through ``member(_:)`` and ``setMember(_:to:)``).
    package private(set) var members: [String: JSONSparseShape] = [:]
    /// The keys of ``members`` in the order the type first read them. A sparse parse keeps an
    /// object's members in this order, whatever the document's, so that a decode reading them
    /// in that order again finds each one just after the one before (see
    /// `fm_object_member_in_order`).
    package private(set) var memberOrder: [String] = []
    /// What was read of the elements, when the value was an array, or of every member's value,
    /// when it was an object read as a dictionary (``keepsEveryMember``).
    package var element: JSONSparseShape?
    /// Every member of the object is kept, each value under `element`: its keys were all read,
    /// as a `[String: Value]` reads them (`members` stays empty, `element` holds what they held).
    package private(set) var keepsEveryMember = false

    package init() {}

    /// The shape of `key`'s value, added when new (the shared one when every member is kept).
    package func member(_ key: String) -> JSONSparseShape {
        if keepsEveryMember { return elements }
        if let found = members[key] { return found }
        let added = JSONSparseShape()
        members[key] = added
        memberOrder.append(key)
        return added
    }

    /// Makes `shape` what is read of `key`'s value (replacing what was), keeping the order
    /// keys were first added in.
    package func setMember(_ key: String, to shape: JSONSparseShape) {
        if members.updateValue(shape, forKey: key) == nil { memberOrder.append(key) }
    }

    /// The shape `key`'s value is kept under, nil when it is not kept (nothing is added): the
    /// shared one when every member is kept, an empty one standing for what nobody read there.
    /// (Whole values are the caller's to tell: ``keepsAll`` keeps `key` with everything below.)
    package func memberShape(_ key: String) -> JSONSparseShape? {
        keepsEveryMember ? element ?? JSONSparseShape() : members[key]
    }

    /// The shape of the elements, added when new.
    package var elements: JSONSparseShape {
        if let element { return element }
        let added = JSONSparseShape()
        element = added
        return added
    }

    /// Marks the value as read whole: what was learned below it no longer matters.
    package func keepAll() {
        keepsAll = true
        keepsEveryMember = false
        members = [:]
        memberOrder = []
        element = nil
    }

    /// Marks the object as read as a dictionary: every member kept, what was read of the members
    /// named so far now read of every member's value.
    package func keepEveryMember() {
        if keepsAll || keepsEveryMember { return }
        keepsEveryMember = true
        let named = memberOrder.map { members[$0]! }
        members = [:]
        memberOrder = []
        for shape in named { elements.merge(shape) }
    }

    /// Widens this shape by `other`: afterwards it keeps everything either kept.
    package func merge(_ other: JSONSparseShape) {
        if keepsAll { return }
        if other.keepsAll {
            keepAll()
            return
        }
        if other.keepsEveryMember { keepEveryMember() }
        for key in other.memberOrder { member(key).merge(other.members[key]!) }
        if let element = other.element { elements.merge(element) }
    }

    /// Whether this shape keeps everything `other` keeps.
    package func covers(_ other: JSONSparseShape) -> Bool {
        if keepsAll { return true }
        if other.keepsAll || (other.keepsEveryMember && !keepsEveryMember) { return false }
        for (key, shape) in other.members {
            guard let mine = memberShape(key), mine.covers(shape) else { return false }
        }
        if let element = other.element {
            guard let mine = self.element, mine.covers(element) else { return false }
        }
        return true
    }
}
