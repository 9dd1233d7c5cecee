import Foundation

/// A place in a container of the fallback encoder: a finished value, or a container that
/// may still be written to.
enum EncodingTreeSlot {
    case value(EncodingTreeValue)
    case array(EncodingTreeArray)
    case object(EncodingTreeObject)

    var value: EncodingTreeValue {
        switch self {
        case .value(let value): return value
        case .array(let array): return array.value
        case .object(let object): return object.value
        }
    }
}
