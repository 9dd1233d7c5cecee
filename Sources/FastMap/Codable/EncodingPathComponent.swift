import Foundation

/// One step of a coding path as the streaming encoder stores it: keys stay as the caller gave
/// them (no copy into an array until a path is needed), indices as plain integers.
enum EncodingPathComponent {
    case none
    case key(any CodingKey)
    case index(Int)
    case name(String)

    var codingKey: (any CodingKey)? {
        switch self {
        case .none: return nil
        case .key(let key): return key
        case .index(let index): return EncodingPathKey(index: index)
        case .name(let name): return EncodingPathKey(stringValue: name)
        }
    }
}
