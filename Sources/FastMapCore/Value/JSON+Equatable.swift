extension JSON: Equatable {
    /// Equal by JSON value: object member order does not matter, numbers compare by value
    /// (`1 == 1.0`), strings by their bytes.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        // An explicit stack keeps arbitrarily deep trees off the call stack.
        var pending: [(JSON, JSON)] = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            if left.node == right.node {
                continue
            }
            switch (left.kind, right.kind) {
            case (.null, .null):
                continue
            case (.bool, .bool):
                guard left.node.isTrue == right.node.isTrue else { return false }
            case (.string, .string):
                guard left.node.stringBytes.elementsEqual(right.node.stringBytes) else { return false }
            case (.number, .number):
                guard let a = left.number, let b = right.number, a.isNumericallyEqual(to: b) else {
                    return false
                }
            case (.array, .array):
                let count = left.node.arrayCount
                guard count == right.node.arrayCount else { return false }
                var other = right.node.firstElement
                left.node.forEachElement { element in
                    pending.append(
                        (JSON(document: left.document, node: element), JSON(document: right.document, node: other)))
                    other = other.nextSibling
                }
            case (.object, .object):
                guard left.node.objectCount == right.node.objectCount else { return false }
                var matched = true
                // Past a few members, the right object's keys are looked up in a table made once.
                var table: [String: JSONNode]? = nil
                if right.node.objectCount > 16 {
                    var made: [String: JSONNode] = [:]
                    made.reserveCapacity(right.node.objectCount)
                    right.node.forEachMember { key, value in
                        made[String(decoding: key, as: UTF8.self)] = value
                    }
                    table = made
                }
                left.node.forEachMember { key, value in
                    guard matched else { return }
                    let found =
                        table.map { $0[String(decoding: key, as: UTF8.self)] } ?? right.node.member(utf8: key)
                    guard let other = found else {
                        matched = false
                        return
                    }
                    pending.append(
                        (JSON(document: left.document, node: value), JSON(document: right.document, node: other)))
                }
                guard matched else { return false }
            default:
                return false
            }
        }
        return true
    }
}

extension JSON.Number {
    /// Exact comparison across integer, unsigned and double storage.
    package func isNumericallyEqual(to other: JSON.Number) -> Bool {
        switch (self, other) {
        case (.integer(let a), .integer(let b)): return a == b
        case (.unsigned(let a), .unsigned(let b)): return a == b
        case (.integer, .unsigned), (.unsigned, .integer): return false
        case (.double(let a), .double(let b)): return a == b
        case (.text(let a), .text(let b)): return a == b  // numbers kept as written
        case (.text, _), (_, .text): return false  // a kept text never fits the other storages
        case (.double(let d), let exact), (let exact, .double(let d)):
            // Compare without rounding the integer: the double must be that exact integer.
            switch exact {
            case .integer(let i): return Int64(exactly: d) == i
            case .unsigned(let u): return UInt64(exactly: d) == u
            case .double, .text: return false
            }
        }
    }
}
