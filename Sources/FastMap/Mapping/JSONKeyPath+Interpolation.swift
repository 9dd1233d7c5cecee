/// Paths written with interpolation, `json.decode("items[\(index)].name")`, parse like literals.
extension JSONKeyPath: ExpressibleByStringInterpolation {}
