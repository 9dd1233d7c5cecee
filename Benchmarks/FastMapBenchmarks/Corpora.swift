import Foundation

/// A benchmark input: the standard corpus from `../shared/bench-data` when present, otherwise a
/// seeded payload of the same shape generated here (so `make bench` runs anywhere).
struct Corpus {
    enum Shape { case twitter, citm, canada, gsoc, githubEvents, mesh }

    let name: String
    let shape: Shape
    let data: Data
}

enum Corpora {
    static func load(generatedOnly: Bool) -> [Corpus] {
        let shared = generatedOnly ? nil : sharedFolder()
        var corpora: [Corpus] = []
        for (file, shape) in [
            ("twitter.json", Corpus.Shape.twitter), ("citm_catalog.json", .citm), ("canada.json", .canada),
            ("gsoc-2018.json", .gsoc), ("github_events.json", .githubEvents), ("mesh.json", .mesh),
        ] {
            if let folder = shared, let data = try? Data(contentsOf: folder.appendingPathComponent(file)) {
                corpora.append(Corpus(name: file, shape: shape, data: data))
            } else {
                corpora.append(Corpus(name: "generated-\(file)", shape: shape, data: generate(shape)))
            }
        }
        return corpora
    }

    static func sharedFolder() -> URL? {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 {
            url.deleteLastPathComponent()
            let candidate = url.deletingLastPathComponent().appendingPathComponent("shared/bench-data")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("twitter.json").path) {
                return candidate
            }
        }
        return nil
    }

    static func generate(_ shape: Corpus.Shape) -> Data {
        var random = BenchRandom(seed: 20_261_121)
        let encoder = JSONEncoder()
        switch shape {
        case .twitter: return try! encoder.encode(random.twitter(statuses: 100))
        case .citm: return try! encoder.encode(random.citm(performances: 240))
        case .canada: return try! encoder.encode(random.canada(points: 56_000))
        case .gsoc: return try! encoder.encode(random.gsoc(projects: 1_264))
        case .githubEvents: return try! encoder.encode(random.githubEvents(count: 30))
        case .mesh: return try! encoder.encode(random.mesh(vertices: 3_600))
        }
    }
}

/// SplitMix64 plus helpers that make model values.
struct BenchRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    static let words = [
        "lorem", "ipsum", "café", "naïve", "日本語", "テキスト", "😀", "swift", "json", "fast", "map", "\"quoted\"", "a/b",
        "line\nbreak",
    ]

    mutating func text(words count: Int) -> String {
        (0..<count).map { _ in Self.words[int(0...Self.words.count - 1)] }.joined(separator: " ")
    }

    mutating func twitter(statuses: Int) -> TwitterSearch {
        TwitterSearch(
            statuses: (0..<statuses).map { _ in status() },
            searchMetadata: SearchMetadata(
                completedIn: 0.087, maxID: next() >> 2, query: text(words: 1), count: statuses))
    }

    mutating func status() -> Status {
        let id = next() >> 4
        return Status(
            metadata: StatusMetadata(resultType: "recent", isoLanguageCode: "ja"),
            createdAt: "Sun Aug 31 00:29:15 +0000 2014",
            id: id, idStr: String(id), text: text(words: int(3...20)),
            source: "<a href=\"http://twitter.com\">Twitter</a>",
            truncated: false, inReplyToStatusID: int(0...1) == 0 ? nil : next() >> 4, inReplyToUserID: nil,
            inReplyToScreenName: int(0...1) == 0 ? nil : text(words: 1), user: user(), retweetCount: int(0...5000),
            favoriteCount: int(0...100),
            entities: Entities(
                hashtags: (0..<int(0...2)).map { _ in
                    Hashtag(text: text(words: 1), indices: [int(0...50), int(51...90)])
                },
                urls: [],
                userMentions: (0..<int(0...2)).map { _ in
                    let id = next() >> 20
                    return UserMention(
                        screenName: text(words: 1), name: text(words: 2), id: id, idStr: String(id), indices: [0, 9])
                }),
            favorited: false, retweeted: false, lang: "ja")
    }

    mutating func user() -> User {
        let id = next() >> 20
        return User(
            id: id, idStr: String(id), name: text(words: 2), screenName: text(words: 1), location: text(words: 1),
            description: text(words: int(0...15)), url: nil, protected: false, followersCount: int(0...100_000),
            friendsCount: int(0...5000), listedCount: int(0...50), createdAt: "Fri Feb 22 09:45:56 +0000 2013",
            favouritesCount: int(0...9000), utcOffset: int(0...1) == 0 ? nil : 32400, timeZone: "Tokyo",
            geoEnabled: true,
            verified: false, statusesCount: int(0...60000), lang: "ja",
            profileImageURL: "http://pbs.twimg.com/profile_images/x.jpeg")
    }

    mutating func citm(performances: Int) -> CitmCatalog {
        func names(_ count: Int, _ r: inout BenchRandom) -> [String: String] {
            Dictionary(uniqueKeysWithValues: (0..<count).map { i in (String(337_100_000 + i), r.text(words: 2)) })
        }
        var events: [String: CitmEvent] = [:]
        for i in 0..<180 {
            events[String(138_586_341 + i)] = CitmEvent(
                description: nil, id: 138_586_341 + i, logo: int(0...1) == 0 ? nil : "/images/UE0AAAAACEKo6QAAAAZDSVRN",
                name: text(words: 3), subTopicIds: [337_184_269, 337_184_283], subjectCode: nil, subtitle: nil,
                topicIds: [324_846_099, 107_888_604])
        }
        return CitmCatalog(
            areaNames: names(17, &self), audienceSubCategoryNames: names(1, &self), blockNames: [:], events: events,
            performances: (0..<performances).map { i in
                CitmPerformance(
                    eventId: 138_586_341 + i % 180, id: 339_887_544 + i, logo: nil, name: nil,
                    prices: (0..<int(1...4)).map { _ in
                        CitmPrice(
                            amount: int(1000...100_000), audienceSubCategoryId: 337_100_890, seatCategoryId: 338_937_295
                        )
                    },
                    seatCategories: (0..<int(1...4)).map { _ in
                        CitmSeatCategory(
                            areas: (0..<int(1...10)).map { _ in
                                CitmArea(areaId: int(205_705_993...205_706_010), blockIds: [])
                            },
                            seatCategoryId: 338_937_295)
                    },
                    seatMapImage: nil, start: 1_372_701_600_000, venueCode: "PLEYEL_PLEYEL")
            },
            seatCategoryNames: names(64, &self), subTopicNames: names(19, &self), subjectNames: [:],
            topicNames: names(4, &self),
            topicSubTopics: ["107888604": [337_184_283, 337_184_267]], venueNames: ["PLEYEL_PLEYEL": "Salle Pleyel"])
    }

    mutating func canada(points: Int) -> FeatureCollection {
        var ring: [[Double]] = []
        var x = -65.61361699999998, y = 43.42027300000001
        for _ in 0..<points {
            x += Double(int(-1000...1000)) / 100_000.123
            y += Double(int(-1000...1000)) / 100_000.321
            ring.append([x, y])
        }
        let geometry = Geometry(
            type: "Polygon",
            coordinates: stride(from: 0, to: ring.count, by: 500).map { Array(ring[$0..<min($0 + 500, ring.count)]) })
        return FeatureCollection(
            type: "FeatureCollection",
            features: [Feature(type: "Feature", properties: ["name": "Canada"], geometry: geometry)])
    }
}
