/// One step of a coding path as the decoder records it. Indices stay plain integers so that
/// decoding an array element costs no key object; `CodingKey`s are only made for errors.
package enum CodingPathComponent {
    case key(any CodingKey)
    case index(Int)

    package var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let index): FastCodingKey(index: index)
        }
    }

    package var keyPathComponent: JSONKeyPath.Component {
        switch self {
        case .key(let key): .key(key.stringValue)
        case .index(let index): .index(index)
        }
    }
}
