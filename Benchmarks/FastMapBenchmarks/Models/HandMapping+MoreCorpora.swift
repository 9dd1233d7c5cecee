import Foundation

extension Dictionary where Key == String, Value == GsocProject {
    init(any: Any) throws {
        guard let root = any as? [String: Any] else { throw MappingFailed(field: "$") }
        self = try root.mapValues { value in
            guard let project = value as? [String: Any] else { throw MappingFailed(field: "project") }
            let sponsor = try project.object("sponsor")
            let author = try project.object("author")
            return GsocProject(
                context: try project.required("@context"), type: try project.required("@type"),
                name: try project.required("name"), description: try project.required("description"),
                sponsor: GsocSponsor(
                    type: try sponsor.required("@type"), name: try sponsor.required("name"),
                    disambiguatingDescription: try sponsor.required("disambiguatingDescription"),
                    description: try sponsor.required("description"), url: try sponsor.required("url"),
                    logo: try sponsor.required("logo")),
                author: GsocAuthor(type: try author.required("@type"), name: try author.required("name")))
        }
    }
}

extension Array where Element == GitHubEvent {
    init(any: Any) throws {
        guard let events = any as? [[String: Any]] else { throw MappingFailed(field: "$") }
        self = try events.map { event in
            let repo = try event.object("repo")
            let payload = try event.object("payload")
            return GitHubEvent(
                id: try event.required("id"), type: try event.required("type"),
                actor: try GitHubActor(object: event.object("actor")),
                repo: GitHubRepo(
                    id: try repo.required("id"), name: try repo.required("name"), url: try repo.required("url")),
                payload: GitHubPayload(
                    ref: payload.optional("ref"), head: payload.optional("head"), before: payload.optional("before"),
                    size: payload.optional("size"), pushID: payload.optional("push_id"),
                    action: payload.optional("action"),
                    commits: try (payload["commits"] as? [[String: Any]])?.map { commit in
                        let author = try commit.object("author")
                        return GitHubCommit(
                            sha: try commit.required("sha"), message: try commit.required("message"),
                            distinct: try commit.required("distinct"), url: try commit.required("url"),
                            author: GitHubCommitAuthor(
                                name: try author.required("name"), email: try author.required("email")))
                    }),
                isPublic: try event.required("public"), createdAt: try event.required("created_at"),
                org: try (event["org"] as? [String: Any]).map(GitHubActor.init(object:)))
        }
    }
}

extension GitHubActor {
    init(object: [String: Any]) throws {
        self.init(
            id: try object.required("id"), login: try object.required("login"),
            gravatarID: try object.required("gravatar_id"), url: try object.required("url"),
            avatarURL: try object.required("avatar_url"))
    }
}

extension Mesh {
    init(any: Any) throws {
        guard let root = any as? [String: Any] else { throw MappingFailed(field: "$") }
        batches = try root.objects("batches").map { batch in
            MeshBatch(
                indexRange: try batch.required("indexRange"), vertexRange: try batch.required("vertexRange"),
                usedBones: try batch.required("usedBones"))
        }
        positions = try root.required("positions")
        tex0 = try root.required("tex0")
        colors = try root.required("colors")
        influences = try root.required("influences")
        normals = try root.required("normals")
        indices = try root.required("indices")
    }
}
