/// The shape of github_events.json: 30 events of the GitHub API, a small document of nested
/// objects, URLs and commit messages. The payload differs by event type; the model reads the
/// members most types share.
struct GitHubEvent: Codable, Equatable {
    var id: String
    var type: String
    var actor: GitHubActor
    var repo: GitHubRepo
    var payload: GitHubPayload
    var isPublic: Bool
    var createdAt: String
    var org: GitHubActor?

    enum CodingKeys: String, CodingKey {
        case id, type, actor, repo, payload, org
        case isPublic = "public", createdAt = "created_at"
    }
}

struct GitHubActor: Codable, Equatable {
    var id: Int
    var login: String
    var gravatarID: String
    var url: String
    var avatarURL: String

    enum CodingKeys: String, CodingKey {
        case id, login, url
        case gravatarID = "gravatar_id", avatarURL = "avatar_url"
    }
}

struct GitHubRepo: Codable, Equatable {
    var id: Int
    var name: String
    var url: String
}

struct GitHubPayload: Codable, Equatable {
    var ref: String?
    var head: String?
    var before: String?
    var size: Int?
    var pushID: Int?
    var action: String?
    var commits: [GitHubCommit]?

    enum CodingKeys: String, CodingKey {
        case ref, head, before, size, action, commits
        case pushID = "push_id"
    }
}

struct GitHubCommit: Codable, Equatable {
    var sha: String
    var message: String
    var distinct: Bool
    var url: String
    var author: GitHubCommitAuthor
}

struct GitHubCommitAuthor: Codable, Equatable {
    var name: String
    var email: String
}
