import Foundation

/// The encoder `superEncoder()` returns: its value goes into the container it came from
/// when it is released (`{}` if nothing was encoded), as in `JSONEncoder`: at the index the
/// container had then, or under the key.
final class EncodingTreeReferencingEncoder: EncodingTreeEncoder {
    private enum Reference {
        case array(EncodingTreeArray, Int)
        case object(EncodingTreeObject, String)
    }

    private let reference: Reference

    init(
        referencing encoder: EncodingTreeEncoder, key: some CodingKey, writtenKey: String, in object: EncodingTreeObject
    ) {
        reference = .object(object, writtenKey)
        super.init(session: encoder.session, owner: encoder, key: key)
    }

    init(referencing encoder: EncodingTreeEncoder, at index: Int, in array: EncodingTreeArray) {
        reference = .array(array, index)
        super.init(session: encoder.session, owner: encoder, key: FastCodingKey(index: index))
    }

    deinit {
        let value = takeValue() ?? .object([])
        switch reference {
        case .array(let array, let index): array.insert(.value(value), at: index)
        case .object(let object, let key): object.set(.value(value), for: key)
        }
    }
}
