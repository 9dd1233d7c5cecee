extension JSONKeyPath.Component {
    /// The step a coding key stands for: Foundation and FastJSONDecoder name array positions
    /// `Index n` and give them an integer value.
    init(codingKey key: any CodingKey) {
        if let index = key.intValue, key.stringValue == "Index \(index)" {
            self = .index(index)
        } else {
            self = .key(key.stringValue)
        }
    }

    /// The coding key FastJSONDecoder would use for this step.
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): FastCodingKey(stringValue: key)
        case .index(let index): FastCodingKey(index: index)
        }
    }
}
