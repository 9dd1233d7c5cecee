@_spi(FastMapCore) import FastMapCore

/// One `decode` call's part in sparse decoding, shared by its tree decoder (and the decoders
/// made from it). Every read of the tree that sparse decoding cares about passes through here:
///
/// - **learning** (a full tree): records, by node, the keys looked up and the values read
///   whole, so ``shape(of:)`` can tell afterwards what the type read where;
/// - **filtered** (a tree built with `schema`): answers the lookups, and notes in
///   ``needsFullTree`` any read the filtered tree may answer differently from the full one (a
///   key the schema did not keep, a whole-object read of a filtered container, the document
///   root, exact number texts). The decode's result is then thrown away and the document
///   decoded again in full, so the filtered tree can never be seen.
package final class SparseDecodingSession {
    /// Set in filtered mode; nil while learning.
    package let schema: JSONSparseSchema?
    /// Filtered mode: something was read that only the full tree answers for sure.
    package private(set) var needsFullTree = false
    /// Learning: the type did something no schema can serve (a `superDecoder`), so its
    /// documents are always decoded in full.
    package private(set) var disqualified = false
    private var lookups: [JSONNode.ID: LookedUpKeys] = [:]
    private var wholeValues: Set<JSONNode.ID> = []
    private var dictionaries: Set<JSONNode.ID> = []

    /// A learning session.
    package init() { self.schema = nil }

    /// A filtered session over a document parsed with `schema`.
    package init(filteredBy schema: JSONSparseSchema) { self.schema = schema }

    /// Makes a filtered session nobody else holds what a new one over the same schema is, for
    /// the next streamed element (one allocation less per element).
    package func restartFiltered() {
        precondition(schema != nil, "only a filtered session starts again")
        needsFullTree = false
    }

    /// The member `name` of `object`, as `member(matching:)` (`exact: false`) or `member(_:)`
    /// finds it in the full tree.
    @inline(__always)
    package func member(_ name: String, of object: JSONNode, exact: Bool) -> JSONNode? {
        guard schema != nil else { return learnedMember(name, of: object, exact: exact) }
        if let found = exact ? object.member(name) : object.member(matching: name) { return found }
        return missingMember(name, of: object, exact: exact)
    }

    /// Whether this session learns (it records every lookup, so ``member(_:of:exact:)`` must
    /// see them all).
    package var isLearning: Bool { schema == nil }

    /// What a filtered session answers for `name` when `object` holds no member of exactly that
    /// name: the member spelling it another way (see `String.hasOtherSpellings`) or nil, noting
    /// in ``needsFullTree`` when the full tree might have answered otherwise.
    /// Inlined into the lookups: called out of line, it made decoding github_events.json, which
    /// misses an optional member in most of its objects, 0.5 to 1% slower.
    @inline(__always)
    package func missingMember(_ name: String, of object: JSONNode, exact: Bool) -> JSONNode? {
        // The schema read unowned (the session holds it): most of github_events.json's payloads
        // leave out several of the members their model asks for, and a retain and release of
        // the schema for each was 0.5% of decoding it.
        guard let schema = schema.map(UnownedReference.init) else { return nil }
        let mark = object.sparseMark
        if mark == 0 { return exact ? nil : object.member(matching: name) }
        // A kept key is missing from the document too, unless spelled another way: the builder
        // kept the other spellings of a kept ASCII name, while those of a non-ASCII name may hide
        // among the members it skipped.
        return schema.reading { schema in
            guard schema.keeps(name, mark: mark, onlyIfASCII: !exact) else {
                needsFullTree = true
                return nil
            }
            return !exact && schema.keepsOtherSpellings(mark: mark) ? object.equivalentMember(name) : nil
        }
    }

    private func learnedMember(_ name: String, of object: JSONNode, exact: Bool) -> JSONNode? {
        lookups[object.identity, default: LookedUpKeys()].insert(name)
        if exact { return object.member(name) }
        // A non-ASCII name: which member answers depends on every member's spelling (the first
        // key equal to it as a Swift string, which another document may spell in bytes the
        // schema does not keep), so the object is kept whole. The other spellings of an ASCII
        // name are kept by the builder (`fm_ascii_spellings`).
        if !name.utf8.allSatisfy({ $0 < 0x80 }) { wholeValues.insert(object.identity) }
        return object.member(matching: name)
    }

    /// `node` is read as a whole (its keys, every member, as a `JSON` value).
    package func readsWhole(_ node: JSONNode) {
        guard node.isObject || node.isArray else { return }
        if schema == nil {
            wholeValues.insert(node.identity)
        } else if node.sparseMark != 0 {
            needsFullTree = true
        }
    }

    /// `object` is read as a dictionary: all its keys, each member's value read as a value of
    /// its own (what is read of them is recorded by them). Such an object keeps every member and
    /// filters below them; a filtered one that kept only some needs the full tree.
    package func readsEveryMember(_ object: JSONNode) {
        guard object.isObject else { return readsWhole(object) }
        if let schema {
            let mark = object.sparseMark
            if mark != 0 && !schema.keepsEveryMember(mark: mark) { needsFullTree = true }
        } else {
            dictionaries.insert(object.identity)
        }
    }

    /// Something only the full tree can give: the document's root (every error carries it), the
    /// input's exact number texts.
    package func readsFullDocument() {
        if schema != nil { needsFullTree = true }
    }

    /// A `superDecoder`: it may outlive the call, so the tree it reads must be the full one.
    package func makesSuperDecoder() {
        if schema != nil { needsFullTree = true } else { disqualified = true }
    }

    /// The decoder (or one made from it) outlived the call: it may read the tree later, when
    /// nobody checks ``needsFullTree``.
    package func escaped() {
        if schema != nil { needsFullTree = true } else { disqualified = true }
    }

    /// Learning: what was read of `root` and below, as a shape. Positions nested deeper than
    /// `depthLimit` or objects with more than `memberLimit` keys read are kept whole, which bounds
    /// the schema's size.
    package func shape(of root: JSONNode, depthLimit: Int = 128, memberLimit: Int = 256) -> JSONSparseShape {
        let shape = JSONSparseShape()
        learn(root, into: shape, depth: 0, depthLimit: depthLimit, memberLimit: memberLimit)
        return shape
    }

    private func learn(_ node: JSONNode, into shape: JSONSparseShape, depth: Int, depthLimit: Int, memberLimit: Int) {
        if shape.keepsAll { return }
        let isObject = node.isObject
        guard isObject || node.isArray else { return }
        if depth >= depthLimit || wholeValues.contains(node.identity) {
            shape.keepAll()
            return
        }
        if isObject && dictionaries.contains(node.identity) {
            shape.keepEveryMember()
            let values = shape.elements
            node.forEachMemberValue { value in
                if !values.keepsAll {
                    learn(value, into: values, depth: depth + 1, depthLimit: depthLimit, memberLimit: memberLimit)
                }
            }
        } else if isObject {
            guard let keys = lookups[node.identity] else { return }
            if shape.members.count + keys.inOrder.count > memberLimit {
                shape.keepAll()
                return
            }
            for key in keys.inOrder {
                let child = shape.member(key)
                if let value = node.member(key) {
                    learn(value, into: child, depth: depth + 1, depthLimit: depthLimit, memberLimit: memberLimit)
                }
            }
        } else {
            let count = node.arrayCount
            guard count > 0 else { return }
            let elements = shape.elements
            for element in node.elements {
                learn(element, into: elements, depth: depth + 1, depthLimit: depthLimit, memberLimit: memberLimit)
                if elements.keepsAll { break }
            }
        }
    }
}

/// The keys looked up in one object while learning, once each, in the order first asked for:
/// the schema numbers them so (``JSONSparseShape/memberOrder``).
private struct LookedUpKeys {
    private(set) var inOrder: [String] = []
    private var asked: Set<String> = []

    mutating func insert(_ key: String) {
        if asked.insert(key).inserted { inOrder.append(key) }
    }
}
