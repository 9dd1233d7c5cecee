/// The shape of mesh.json: a 3D mesh, long arrays of small floats and integers (the other
/// number-heavy corpus beside canada.json).
struct Mesh: Codable, Equatable {
    var batches: [MeshBatch]
    var positions: [Double]
    var tex0: [Double]
    var colors: [Int]
    var influences: [[Double]]
    var normals: [Double]
    var indices: [Int]
}

struct MeshBatch: Codable, Equatable {
    var indexRange: [Int]
    var vertexRange: [Int]
    var usedBones: [Int]
}

/// mesh.json read for its batches only, none of its long number arrays (issue #51: few fields
/// from a number-heavy document).
struct MeshBatches: Codable, Equatable {
    var batches: [MeshBatch]
}
