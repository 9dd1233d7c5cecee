@_spi(FastMapCore) import FastMapCore
import Foundation

/// The `Encoder` a value sees during ``FastJSONEncoder/encode(_:)``: a handle on one value
/// position of an ``EncodingStream``.
struct EncodingStreamEncoder: Encoder {
    let stream: EncodingStream
    let index: Int
    let generation: Int

    var codingPath: [any CodingKey] {
        guard stream.isCurrent(index, generation) else { return [] }
        return stream.state.value.encoderNode(index).codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { stream.settings.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        stream.state.value.becomeContainer(.object, index, generation, keyType: Key.self)
        return KeyedEncodingContainer(
            EncodingStreamKeyedContainer<Key>(stream: stream, index: index, generation: generation))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        stream.state.value.becomeContainer(.array, index, generation)
        return EncodingStreamUnkeyedContainer(stream: stream, index: index, generation: generation)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        EncodingStreamSingleValueContainer(stream: stream, index: index, generation: generation)
    }
}
