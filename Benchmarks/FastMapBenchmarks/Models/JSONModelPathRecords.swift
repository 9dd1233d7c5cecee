import FastMapModels
import Foundation

/// A model read almost entirely through nested `@Key` paths, where the JSON-tree route of
/// ``JSONModelReader`` matters most.
@JSONModel
struct PathRecord: Equatable {
    @Key("meta.id") let id: Int
    @Key("meta.owner.name") let owner: String
    @Key("meta.owner.age") let age: Int
    @Key("stats.views") let views: Int
    @Key("stats.likes") @Default(0) let likes: Int
    @Key("items[0].sku") let firstSKU: String
    @Key("geo.point.lat") let lat: Double
    @Key("geo.point.lon") let lon: Double
}

/// `PathRecord` with the `init(from:)` written by hand: one nested container per level.
struct HandWrittenPathRecord: Decodable, Equatable {
    let id: Int
    let owner: String
    let age: Int
    let views: Int
    let likes: Int
    let firstSKU: String
    let lat: Double
    let lon: Double

    enum CodingKeys: String, CodingKey {
        case meta, id, owner, name, age, stats, views, likes, items, sku, geo, point, lat, lon
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let meta = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .meta)
        id = try meta.decode(Int.self, forKey: .id)
        let owner = try meta.nestedContainer(keyedBy: CodingKeys.self, forKey: .owner)
        self.owner = try owner.decode(String.self, forKey: .name)
        age = try owner.decode(Int.self, forKey: .age)
        let stats = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .stats)
        views = try stats.decode(Int.self, forKey: .views)
        likes = try stats.decodeIfPresent(Int.self, forKey: .likes) ?? 0
        var items = try container.nestedUnkeyedContainer(forKey: .items)
        firstSKU = try items.nestedContainer(keyedBy: CodingKeys.self).decode(String.self, forKey: .sku)
        let point = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .geo)
            .nestedContainer(keyedBy: CodingKeys.self, forKey: .point)
        lat = try point.decode(Double.self, forKey: .lat)
        lon = try point.decode(Double.self, forKey: .lon)
    }
}

/// `PathRecord`'s `init(from:)` as the macro wrote it before ``JSONModelReader``: nested
/// containers for every level, on every decoder.
struct ContainerRoutePathRecord: Decodable {
    let id: Int
    let owner: String
    let age: Int
    let views: Int
    let likes: Int
    let firstSKU: String
    let lat: Double
    let lon: Double

    enum CodingKeys: String, CodingKey {
        case meta, id, owner, name, age, stats, views, likes, items, sku, geo, point, lat, lon
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var failingProperty = 0
        do {
            let nested1 = try container.nestedContainerIfPresent(forKey: .meta)
            self.id =
                try
                (nested1?.decode(Int.self, forKey: .id) ?? container.decode(Int.self, at: [.key(.meta), .key(.id)]))
            failingProperty = 1
            let nested2 = try nested1?.nestedContainerIfPresent(forKey: .owner)
            self.owner =
                try
                (nested2?.decode(String.self, forKey: .name)
                ?? container.decode(String.self, at: [.key(.meta), .key(.owner), .key(.name)]))
            failingProperty = 2
            self.age =
                try
                (nested2?.decode(Int.self, forKey: .age)
                ?? container.decode(Int.self, at: [.key(.meta), .key(.owner), .key(.age)]))
            failingProperty = 3
            let nested3 = try container.nestedContainerIfPresent(forKey: .stats)
            self.views =
                try
                (nested3?.decode(Int.self, forKey: .views)
                ?? container.decode(Int.self, at: [.key(.stats), .key(.views)]))
            failingProperty = 4
            self.likes = try nested3?.decodeIfPresent(Int.self, forKey: .likes) ?? 0
            failingProperty = 5
            self.firstSKU = try container.decode(String.self, at: [.key(.items), .index(0), .key(.sku)])
            failingProperty = 6
            let nested4 = try container.nestedContainerIfPresent(forKey: .geo)
            let nested5 = try nested4?.nestedContainerIfPresent(forKey: .point)
            self.lat =
                try
                (nested5?.decode(Double.self, forKey: .lat)
                ?? container.decode(Double.self, at: [.key(.geo), .key(.point), .key(.lat)]))
            failingProperty = 7
            self.lon =
                try
                (nested5?.decode(Double.self, forKey: .lon)
                ?? container.decode(Double.self, at: [.key(.geo), .key(.point), .key(.lon)]))
        } catch {
            throw JSONModelRuntime.decodingFailure(
                error, model: "ContainerRoutePathRecord", property: "#\(failingProperty)", keyPath: "", type: "",
                in: container)
        }
    }
}

/// `decode @JSONModel paths`: the path-heavy model, annotated, hand-written and through the
/// previous containers route, on FastJSONDecoder.
enum JSONModelPathBench {
    static func benchmarks() -> [Benchmark] {
        let data = payload(records: 4000)
        checkAgreement(data)
        return [
            Benchmark(
                task: "decode @JSONModel paths", corpus: "generated-records", bytes: data.count,
                competitors: [
                    Competitor(name: "@JSONModel (FastJSONDecoder)", isFoundation: false) {
                        consume(try FastJSONDecoder().decode([PathRecord].self, from: data))
                    },
                    Competitor(name: "hand init (FastJSONDecoder)", isFoundation: true) {
                        consume(try FastJSONDecoder().decode([HandWrittenPathRecord].self, from: data))
                    },
                    Competitor(name: "containers route (FastJSONDecoder)", isFoundation: false) {
                        consume(try FastJSONDecoder().decode([ContainerRoutePathRecord].self, from: data))
                    },
                ])
        ]
    }

    /// The three competitors must read the same values, or the comparison means nothing.
    private static func checkAgreement(_ data: Data) {
        let decoder = FastJSONDecoder()
        let annotated = try! decoder.decode([PathRecord].self, from: data)
        let hand = try! decoder.decode([HandWrittenPathRecord].self, from: data).map {
            PathRecord(
                id: $0.id, owner: $0.owner, age: $0.age, views: $0.views, likes: $0.likes, firstSKU: $0.firstSKU,
                lat: $0.lat, lon: $0.lon)
        }
        let containers = try! decoder.decode([ContainerRoutePathRecord].self, from: data).map {
            PathRecord(
                id: $0.id, owner: $0.owner, age: $0.age, views: $0.views, likes: $0.likes, firstSKU: $0.firstSKU,
                lat: $0.lat, lon: $0.lon)
        }
        precondition(annotated == hand && annotated == containers, "PathRecord competitors disagree")
    }

    static func payload(records: Int) -> Data {
        var random = BenchRandom(seed: 9)
        var array: [[String: Any]] = []
        for index in 0..<records {
            var stats: [String: Any] = ["views": random.int(0...100_000)]
            if index % 3 != 0 { stats["likes"] = random.int(0...500) }
            array.append([
                "meta": ["id": index, "owner": ["name": random.text(words: 2), "age": random.int(18...90)]],
                "stats": stats,
                "items": [["sku": "SKU-\(index)", "qty": 1], ["sku": "SKU-X", "qty": 2]],
                "geo": ["point": ["lat": Double(random.int(-90_000...90_000)) / 1000, "lon": 12.5]],
            ])
        }
        return try! JSONSerialization.data(withJSONObject: array)
    }
}
