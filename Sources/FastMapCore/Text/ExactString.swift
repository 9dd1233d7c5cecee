import Foundation

/// A string compared and hashed by its UTF-8 bytes, as a dictionary key: Swift string equality
/// merges canonically equivalent strings (`"é"` and `"e\u{301}"`, the Kelvin sign and `K`),
/// which a key strategy converts to different bytes. The bytes are hashed and compared as whole
/// buffers: byte by byte, the snake-case lookup was a tenth of encoding a batch of events.
package struct ExactString: Hashable {
    package let string: String

    package init(_ string: String) { self.string = string }

    package static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        var left = lhs.string
        var right = rhs.string
        return left.withUTF8 { a in
            right.withUTF8 { b in
                a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
        }
    }

    package func hash(into hasher: inout Hasher) {
        var text = string
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
