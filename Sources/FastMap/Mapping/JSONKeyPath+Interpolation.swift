/// Paths written with interpolation, `json.decode("items[\(index)].name")`, parse like literals.
extension JSONKeyPath: ExpressibleByStringInterpolation {}

/// Optional paths written with interpolation parse like literals (first step optional).
extension JSONOptionalKeyPath: ExpressibleByStringInterpolation {}
