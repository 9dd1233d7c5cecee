import Foundation

/// The converted names of objects that share one key sequence, made once per sequence: under a
/// key strategy (`.convertFromSnakeCase`) the objects of one model repeat the same keys in the
/// same order, so an object is matched against the shapes met before, key by key as bytes, and
/// only a sequence not met yet is converted.
///
///     {"user_id":7,"created_at":"…","userId":8}    and every object with these three keys:
///     bytes    u s e r _ i d c r e a t e d _ a t u s e r I d
///     ends     7, 17, 23
///     names    "userId", "createdAt", "userId"
///     isFirst  true, true, false        (the first member of a converted name wins)
package final class JSONKeyShape {
    /// The keys' UTF-8, one after the other, and where each ends.
    private let bytes: [UInt8]
    private let ends: [Int]
    /// Each member's converted name, in member order.
    package let names: [String]
    /// Whether each member is the first with its converted name (as Swift compares strings):
    /// a later one is never read, as in Foundation's dictionary of converted members.
    package let isFirst: [Bool]
    /// The names of the members that are first with theirs, in member order (`allKeys`).
    package let firstNames: [String]

    fileprivate init(_ object: JSONNode, convert: (String) -> String) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var names: [String] = []
        var isFirst: [Bool] = []
        var seen: Set<String> = []
        ends.reserveCapacity(object.objectCount)
        names.reserveCapacity(object.objectCount)
        isFirst.reserveCapacity(object.objectCount)
        object.forEachMember { key, _ in
            bytes.append(contentsOf: key)
            ends.append(bytes.count)
            let name = convert(String(treeUTF8: key))
            names.append(name)
            isFirst.append(seen.insert(name).inserted)
        }
        self.bytes = bytes
        self.ends = ends
        self.names = names
        self.isFirst = isFirst
        firstNames = zip(names, isFirst).compactMap { $1 ? $0 : nil }
    }

    /// Whether `object` has exactly these keys in this order; its member values are appended to
    /// `values` as they are compared (the caller empties it after a mismatch).
    fileprivate func matches(_ object: JSONNode, values: inout [JSONNode]) -> Bool {
        guard object.objectCount == ends.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            var start = 0
            var matched = true
            var index = 0
            object.forEachMember { key, value in
                guard matched else { return }
                let end = ends[index]
                matched =
                    key.count == end - start
                    && (key.isEmpty || memcmp(key.baseAddress!, all.baseAddress! + start, key.count) == 0)
                values.append(value)
                start = end
                index += 1
            }
            return matched
        }
    }
}

/// The key shapes one decoder has met, a few dozen at most (see ``JSONKeyShape``).
package struct JSONKeyShapes {
    /// Objects with more members are not given a shape: their names are hashed instead.
    package static let largestObject = 64
    /// Shapes kept; a new one past these replaces the oldest.
    static let capacity = 32

    private var shapes: [JSONKeyShape] = []
    private var oldest = 0
    private var lastMatched = 0

    package init() {}

    /// The shape of `object`'s keys, met before or made now with `convert`, and its member
    /// values in order; nil for an object of more than ``largestObject`` members.
    package mutating func shape(
        of object: JSONNode, values: inout [JSONNode], convert: (String) -> String
    ) -> JSONKeyShape? {
        guard object.objectCount <= Self.largestObject else { return nil }
        values.reserveCapacity(object.objectCount)
        // The shape matched last first: a model's objects usually come one after another.
        if lastMatched < shapes.count {
            if shapes[lastMatched].matches(object, values: &values) { return shapes[lastMatched] }
            values.removeAll(keepingCapacity: true)
        }
        for (index, shape) in shapes.enumerated() where index != lastMatched {
            if shape.matches(object, values: &values) {
                lastMatched = index
                return shape
            }
            values.removeAll(keepingCapacity: true)
        }
        let shape = JSONKeyShape(object, convert: convert)
        object.forEachMemberValue { values.append($0) }
        if shapes.count < Self.capacity {
            shapes.append(shape)
            lastMatched = shapes.count - 1
        } else {
            shapes[oldest] = shape
            lastMatched = oldest
            oldest = (oldest + 1) % Self.capacity
        }
        return shape
    }
}
