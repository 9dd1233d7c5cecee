extension FastMapError {
    package func located(root: JSON) -> FastMapError {
        var copy = self
        copy.root = root
        return copy
    }
}
