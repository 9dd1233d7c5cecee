/// Optional paths written with interpolation parse like literals (first step optional).
extension JSONOptionalKeyPath: ExpressibleByStringInterpolation {}
