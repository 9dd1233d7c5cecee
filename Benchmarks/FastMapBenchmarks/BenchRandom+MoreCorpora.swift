/// Generated stand-ins for gsoc-2018.json, github_events.json and mesh.json, used when
/// `../shared/bench-data` is absent: the same shapes, seeded, about the same sizes.
extension BenchRandom {
    mutating func gsoc(projects: Int) -> GsocProjects {
        Dictionary(
            uniqueKeysWithValues: (0..<projects).map { index in
                (
                    String(index),
                    GsocProject(
                        context: "http://schema.org", type: "SoftwareSourceCode", name: text(words: int(1...4)),
                        description: text(words: int(10...60)),
                        sponsor: GsocSponsor(
                            type: "Organization", name: text(words: int(1...3)),
                            disambiguatingDescription: text(words: int(4...12)),
                            description: text(words: int(30...120)),
                            url: "https://" + text(words: 1) + ".org",
                            logo: "//lh3.googleusercontent.com/" + text(words: 1)),
                        author: GsocAuthor(type: "Person", name: text(words: 2)))
                )
            })
    }

    mutating func githubEvents(count: Int) -> [GitHubEvent] {
        (0..<count).map { index in
            let pushes = int(0...1) == 0
            return GitHubEvent(
                id: String(1_652_857_722 - index), type: pushes ? "PushEvent" : "WatchEvent", actor: actor(),
                repo: GitHubRepo(
                    id: int(1...9_000_000), name: text(words: 1) + "/" + text(words: 1),
                    url: "https://api.github.com/repos/x"),
                payload: GitHubPayload(
                    ref: pushes ? "refs/heads/master" : nil, head: pushes ? hex(40) : nil,
                    before: pushes ? hex(40) : nil,
                    size: pushes ? 1 : nil, pushID: pushes ? int(100_000_000...200_000_000) : nil,
                    action: pushes ? nil : "started",
                    commits: pushes
                        ? (0..<int(1...3)).map { _ in
                            GitHubCommit(
                                sha: hex(40), message: text(words: int(3...30)), distinct: true,
                                url: "https://api.github.com/repos/x/commits/" + hex(40),
                                author: GitHubCommitAuthor(name: text(words: 2), email: text(words: 1) + "@example.com")
                            )
                        } : nil),
                isPublic: true, createdAt: "2013-05-01T23:3\(index % 10):05Z", org: index % 7 == 0 ? actor() : nil)
        }
    }

    mutating func mesh(vertices: Int) -> Mesh {
        func floats(_ count: Int, _ r: inout BenchRandom) -> [Double] {
            (0..<count).map { _ in Double(r.int(-1_000_000...1_000_000)) / 1_000_003 }
        }
        return Mesh(
            batches: [MeshBatch(indexRange: [0, vertices * 3], vertexRange: [0, vertices], usedBones: [0, 1, 2])],
            positions: floats(vertices * 3, &self), tex0: floats(vertices * 2, &self),
            colors: (0..<vertices).map { _ in int(0...4_294_967) },
            influences: (0..<vertices).map { _ in floats(4, &self) },
            normals: floats(vertices * 3, &self), indices: (0..<vertices * 9).map { _ in int(0...vertices) })
    }

    private mutating func actor() -> GitHubActor {
        let login = text(words: 1)
        return GitHubActor(
            id: int(1...2_000_000), login: login, gravatarID: hex(32), url: "https://api.github.com/users/" + login,
            avatarURL: "https://secure.gravatar.com/avatar/" + hex(32))
    }

    private mutating func hex(_ count: Int) -> String {
        String((0..<count).map { _ in Array("0123456789abcdef")[int(0...15)] })
    }
}
