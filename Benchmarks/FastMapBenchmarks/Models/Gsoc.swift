/// The shape of gsoc-2018.json: 1,264 projects keyed by number, almost all of it text
/// (schema.org names and descriptions), the string-heavy corpus.
typealias GsocProjects = [String: GsocProject]

struct GsocProject: Codable, Equatable {
    var context: String
    var type: String
    var name: String
    var description: String
    var sponsor: GsocSponsor
    var author: GsocAuthor

    enum CodingKeys: String, CodingKey {
        case context = "@context", type = "@type", name, description, sponsor, author
    }
}

struct GsocSponsor: Codable, Equatable {
    var type: String
    var name: String
    var disambiguatingDescription: String
    var description: String
    var url: String
    var logo: String

    enum CodingKeys: String, CodingKey {
        case type = "@type", name, disambiguatingDescription, description, url, logo
    }
}

struct GsocAuthor: Codable, Equatable {
    var type: String
    var name: String

    enum CodingKeys: String, CodingKey { case type = "@type", name }
}

/// gsoc-2018.json read for its project names only: a dictionary whose values the model reads one
/// member of (the sparse suite's dictionary case).
struct GsocProjectName: Codable, Equatable {
    var name: String
}
