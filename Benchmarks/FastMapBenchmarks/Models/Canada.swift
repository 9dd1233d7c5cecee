/// The shape of canada.json (GeoJSON): about 111,000 floating-point coordinates.
struct FeatureCollection: Codable, Equatable {
    var type: String
    var features: [Feature]
}

struct Feature: Codable, Equatable {
    var type: String
    var properties: [String: String]
    var geometry: Geometry
}

struct Geometry: Codable, Equatable {
    var type: String
    var coordinates: [[[Double]]]
}

/// canada.json read for its outline only: every feature's type, properties and geometry type,
/// none of the coordinates (issue #51: few fields from a number-heavy document).
struct FeatureCollectionOutline: Codable, Equatable {
    var type: String
    var features: [FeatureOutline]
}

struct FeatureOutline: Codable, Equatable {
    var type: String
    var properties: [String: String]
    var geometry: GeometryOutline
}

struct GeometryOutline: Codable, Equatable {
    var type: String
}
