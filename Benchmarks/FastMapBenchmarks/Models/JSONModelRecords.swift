import FastMapModels
import Foundation

/// A dozen-property `@JSONModel`: custom and nested keys, defaults, a date format, a modifier
/// and a validation — the mapping a service would declare.
@JSONModel
struct AnnotatedRecord: Equatable {
    let id: Int
    @Key("user_name") let userName: String
    @Key("profile.email") let email: String
    @Key("profile.age") @Default(0) let age: Int
    @Default(false) let active: Bool
    let score: Double
    @Key("created_at") @DateFormat(.iso8601) let createdAt: Date
    let tags: [String]
    @Modify(.trimmed) let title: String
    @Validate({ $0 >= 0 }) let count: Int
    let note: String?
    @Default(1.0) let ratio: Double
}

/// The same model with the `init(from:)` a careful engineer writes by hand.
struct HandWrittenRecord: Decodable, Equatable {
    let id: Int
    let userName: String
    let email: String
    let age: Int
    let active: Bool
    let score: Double
    let createdAt: Date
    let tags: [String]
    let title: String
    let count: Int
    let note: String?
    let ratio: Double

    enum CodingKeys: String, CodingKey {
        case id, userName = "user_name", profile, email, age, active, score, createdAt = "created_at", tags, title
        case count, note, ratio
    }

    struct NegativeCount: Error {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        userName = try container.decode(String.self, forKey: .userName)
        let profile = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .profile)
        email = try profile.decode(String.self, forKey: .email)
        age = try profile.decodeIfPresent(Int.self, forKey: .age) ?? 0
        active = try container.decodeIfPresent(Bool.self, forKey: .active) ?? false
        score = try container.decode(Double.self, forKey: .score)
        createdAt = try JSONDateFormat.iso8601.date(from: container.decode(String.self, forKey: .createdAt))
        tags = try container.decode([String].self, forKey: .tags)
        title = try container.decode(String.self, forKey: .title).trimmingCharacters(in: .whitespacesAndNewlines)
        count = try container.decode(Int.self, forKey: .count)
        guard count >= 0 else { throw NegativeCount() }
        note = try container.decodeIfPresent(String.self, forKey: .note)
        ratio = try container.decodeIfPresent(Double.self, forKey: .ratio) ?? 1.0
    }
}

/// `AnnotatedRecord`'s `init(from:)` as the macro wrote it before nested paths were read through
/// ``JSONModelReader`` (a nested container per level, whatever the decoder), to show what reading
/// them from the JSON tree saves on FastJSONDecoder.
struct ContainerRouteRecord: Decodable {
    let id: Int
    let userName: String
    let email: String
    let age: Int
    let active: Bool
    let score: Double
    let createdAt: Date
    let tags: [String]
    let title: String
    let count: Int
    let note: String?
    let ratio: Double

    enum CodingKeys: String, CodingKey {
        case id, userName = "user_name", profile, email, age, active, score, createdAt = "created_at", tags, title
        case count, note, ratio
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var failingProperty = 0
        do {
            self.id = try container.decode(Int.self, forKey: .id)
            failingProperty = 1
            self.userName = try container.decode(String.self, forKey: .userName)
            failingProperty = 2
            let nested1 = try container.nestedContainerIfPresent(forKey: .profile)
            self.email =
                try
                (nested1?.decode(String.self, forKey: .email)
                ?? container.decode(String.self, at: [.key(.profile), .key(.email)]))
            failingProperty = 3
            self.age = try nested1?.decodeIfPresent(Int.self, forKey: .age) ?? 0
            failingProperty = 4
            self.active = try container.decodeIfPresent(Bool.self, forKey: .active) ?? false
            failingProperty = 5
            self.score = try container.decode(Double.self, forKey: .score)
            failingProperty = 6
            self.createdAt = try JSONDateFormat.iso8601.date(from: container.decode(String.self, forKey: .createdAt))
            failingProperty = 7
            self.tags = try container.decode([String].self, forKey: .tags)
            failingProperty = 8
            self.title = try JSONModelRuntime.apply(container.decode(String.self, forKey: .title), .trimmed)
            failingProperty = 9
            self.count = try JSONModelRuntime.validate(container.decode(Int.self, forKey: .count), { $0 >= 0 })
            failingProperty = 10
            self.note = try container.decodeIfPresent(String.self, forKey: .note)
            failingProperty = 11
            self.ratio = try container.decodeIfPresent(Double.self, forKey: .ratio) ?? 1.0
        } catch {
            throw JSONModelRuntime.decodingFailure(
                error, model: "ContainerRouteRecord", property: "#\(failingProperty)", keyPath: "", type: "",
                in: container)
        }
    }
}

/// `decode @JSONModel`: the annotated model against the hand-written one, on the same decoder and
/// payload (the hand-written one is the reference the ratio is taken against).
enum JSONModelBench {
    static func benchmarks() -> [Benchmark] {
        let data = payload(records: 4000)
        // The generated init(from:) without its document reader: what the reader saves.
        let codableRoute = FastJSONDecoder()
        codableRoute.readsDocuments = false
        return [
            Benchmark(
                task: "decode @JSONModel", corpus: "generated-records", bytes: data.count,
                competitors: [
                    Competitor(name: "@JSONModel (FastJSONDecoder)", isFoundation: false) {
                        consume(try FastJSONDecoder().decode([AnnotatedRecord].self, from: data))
                    },
                    Competitor(name: "hand init (FastJSONDecoder)", isFoundation: true) {
                        consume(try FastJSONDecoder().decode([HandWrittenRecord].self, from: data))
                    },
                    Competitor(name: "containers route (FastJSONDecoder)", isFoundation: false) {
                        consume(try FastJSONDecoder().decode([ContainerRouteRecord].self, from: data))
                    },
                    Competitor(name: "@JSONModel, Codable route (FastJSONDecoder)", isFoundation: false) {
                        consume(try codableRoute.decode([AnnotatedRecord].self, from: data))
                    },
                ]),
            Benchmark(
                task: "decode @JSONModel", corpus: "records (JSONDecoder)", bytes: data.count,
                competitors: [
                    Competitor(name: "@JSONModel (JSONDecoder)", isFoundation: false) {
                        consume(try JSONDecoder().decode([AnnotatedRecord].self, from: data))
                    },
                    Competitor(name: "hand init (JSONDecoder)", isFoundation: true) {
                        consume(try JSONDecoder().decode([HandWrittenRecord].self, from: data))
                    },
                ]),
        ]
    }

    static func payload(records: Int) -> Data {
        var random = BenchRandom(seed: 8)
        var array: [[String: Any]] = []
        for index in 0..<records {
            let day = random.int(1...28)
            var record: [String: Any] = [
                "id": index, "user_name": random.text(words: 2),
                "profile": ["email": "u\(index)@example.com", "age": random.int(18...90)],
                "active": index % 3 == 0, "score": Double(random.int(0...100_000)) / 100,
                "created_at": "2024-03-\(day < 10 ? "0" : "")\(day)T12:34:56Z",
                "tags": [random.text(words: 1), random.text(words: 1)], "title": "  \(random.text(words: 4))  ",
                "count": random.int(0...500), "note": index % 2 == 0 ? NSNull() : random.text(words: 3),
            ]
            if index % 4 != 0 { record["ratio"] = 0.5 }
            array.append(record)
        }
        return try! JSONSerialization.data(withJSONObject: array)
    }
}
