extension JSONKeyPath.Component {
    package func missingDescription(in container: JSON) -> String {
        switch self {
        case .key(let key): "no value for key \"\(key)\""
        case .index(let index): "index \(index) is out of bounds (count \(container.count))"
        }
    }
}
