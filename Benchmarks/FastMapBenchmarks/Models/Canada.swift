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
