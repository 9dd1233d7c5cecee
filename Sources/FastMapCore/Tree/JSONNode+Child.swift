extension JSONNode {
    /// One step down: an object member or an array element.
    @inline(__always)
    package func child(_ component: JSONKeyPath.Component) -> JSONNode? {
        switch component {
        case .key(let key): isObject ? member(key) : nil
        case .index(let index): isArray ? element(at: index) : nil
        }
    }
}
