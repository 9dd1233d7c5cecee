/// The shape of gsoc-2018.json: 1,264 projects keyed by id, mostly long descriptions (strings).
struct GSoCProject: Codable, Equatable {
    struct Sponsor: Codable, Equatable {
        var type: String
        var name: String
        var disambiguatingDescription: String
        var description: String
        var url: String
        var logo: String

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case name, disambiguatingDescription, description, url, logo
        }
    }

    struct Author: Codable, Equatable {
        var type: String
        var name: String

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case name
        }
    }

    var context: String
    var type: String
    var name: String
    var description: String
    var sponsor: Sponsor
    var author: Author

    enum CodingKeys: String, CodingKey {
        case context = "@context"
        case type = "@type"
        case name, description, sponsor, author
    }
}

/// The shape of github_events.json: 30 events of the GitHub API, URLs and ids; each kind of
/// payload is read through the optional fields it shares with the others.
struct GitHubEvent: Codable, Equatable {
    struct Account: Codable, Equatable {
        var id: Int
        var login: String
        var gravatar_id: String
        var url: String
        var avatar_url: String
    }

    struct Repository: Codable, Equatable {
        var id: Int
        var name: String
        var url: String
    }

    struct Commit: Codable, Equatable {
        struct Author: Codable, Equatable {
            var email: String
            var name: String
        }

        var sha: String
        var message: String
        var distinct: Bool
        var url: String
        var author: Author
    }

    struct Payload: Codable, Equatable {
        var action: String?
        var ref: String?
        var ref_type: String?
        var master_branch: String?
        var description: String?
        var head: String?
        var before: String?
        var size: Int?
        var push_id: Int?
        var commits: [Commit]?
    }

    var id: String
    var type: String
    var created_at: String
    var `public`: Bool
    var actor: Account
    var repo: Repository
    var org: Account?
    var payload: Payload
}

/// The shape of mesh.json: a 3D mesh, long arrays of floating-point and integer numbers.
struct Mesh: Codable, Equatable {
    struct Batch: Codable, Equatable {
        var indexRange: [Int]
        var vertexRange: [Int]
        var usedBones: [Int]
    }

    var batches: [Batch]
    var morphTargets: [String: [Double]]
    var positions: [Double]
    var tex0: [Double]
    var colors: [Int]
    var influences: [[Double]]
    var normals: [Double]
    var indices: [Int]
}
