import FastMapLadybug
import Foundation

/// `JSONCodable` (Ladybug-compatible) decoding: a model with a dozen transformers decoded from
/// a generated payload by FastMap, against the same model decoded by a hand-written
/// `init(from:)` with `JSONDecoder` (what the transformers save writing), and with
/// `FastJSONDecoder` for reference. Encoding compares `toData()` with `JSONEncoder` and a
/// hand-written `encode(to:)` writing the same shape.
enum LadybugSuite {
    static let corpusName = "generated-listings.json"

    static func benchmarks() -> [Benchmark] {
        let data = payload(listings: 2_000)
        let name = corpusName
        let fast = FastJSONDecoder()
        let ladybug = try? [Listing](data: data)
        let hand = try? JSONDecoder().decode([HandListing].self, from: data)
        if ladybug == nil || ladybug != hand?.map(\.listing) {
            FileHandle.standardError.write(Data("LadybugSuite: the two decodings disagree\n".utf8))
        }
        var benchmarks = [
            Benchmark(
                task: "JSONCodable decode", corpus: name, bytes: data.count,
                competitors: [
                    Competitor(name: "JSONCodable (FastMap)", isFoundation: false) {
                        consume(try [Listing](data: data))
                    },
                    Competitor(name: "FastJSONDecoder+init(from:)", isFoundation: false) {
                        consume(try fast.decode([HandListing].self, from: data))
                    },
                    Competitor(name: "JSONDecoder+init(from:)", isFoundation: true) {
                        consume(try JSONDecoder().decode([HandListing].self, from: data))
                    },
                ])
        ]
        if let listings = try? [Listing](data: data), let encoded = try? listings.toData() {
            let hand = listings.map(HandListing.init(listing:))
            benchmarks.append(
                Benchmark(
                    task: "JSONCodable encode", corpus: name, bytes: encoded.count,
                    competitors: [
                        Competitor(name: "toData (FastMap)", isFoundation: false) { consume(try listings.toData()) },
                        Competitor(name: "JSONEncoder+encode(to:)", isFoundation: true) {
                            consume(try JSONEncoder().encode(hand))
                        },
                    ]))
        }
        return benchmarks
    }

    /// Listings as a marketplace API might send them: renamed and nested keys, a number in a
    /// string, two date formats, optional fields with defaults, nested photo models.
    static func payload(listings count: Int) -> Data {
        var random = BenchRandom(seed: 5_052_026)
        var listings: [[String: Any]] = []
        for index in 0..<count {
            var listing: [String: Any] = [
                "listing_id": 1_000_000 + index,
                "details": ["title": random.text(words: random.int(2...6)), "description": random.text(words: 12)],
                "pricing": ["amount": Double(random.int(100...99_999)) / 100, "currency": ["EUR", "USD"][index % 2]],
                "seller": [
                    "name": random.text(words: 2),
                    "stats": ["rating": Double(random.int(0...50)) / 10, "sales": random.int(0...5_000)],
                ],
                "tags": (0..<random.int(1...4)).map { _ in random.text(words: 1) },
                "stock_text": String(random.int(0...500)),
                "created_at": 1_500_000_000 + random.int(0...100_000_000),
                "updated_at": "2017-07-\(10 + index % 18)T0\(index % 10):40:00Z",
                "photos": (0..<random.int(0...3)).map { photo in
                    [
                        "src": "https://img.example.com/\(index)/\(photo).jpg",
                        "size": ["w": random.int(100...4000), "h": random.int(100...4000)],
                    ]
                },
            ]
            if index % 3 != 0 { listing["metrics"] = ["views": random.int(0...1_000_000)] }
            if index % 4 == 0 { listing["featured"] = true }
            listings.append(listing)
        }
        return try! JSONSerialization.data(withJSONObject: listings)
    }
}

struct Listing: JSONCodable, Equatable {
    let id: Int
    let title: String
    let price: Double
    let currency: String
    let sellerName: String
    let sellerRating: Double
    let firstTag: String
    let tags: [String]
    let views: Int
    let stock: Int
    let createdAt: Date
    let updatedAt: Date
    let featured: Bool
    let photos: [Photo]

    static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
        "id": "listing_id",
        "title": "details.title",
        "price": "pricing.amount",
        "currency": "pricing.currency",
        "sellerName": "seller.name",
        "sellerRating": "seller.stats.rating",
        "firstTag": JSONKeyPath("tags", 0),
        "views": "metrics.views" <- Default(value: 0),
        "stock": "stock_text" <- Map<Int> { ($0 as? String).flatMap { Int($0) } },
        "createdAt": "created_at" <- secondsSince1970,
        "updatedAt": "updated_at" <- iso8601,
        "featured": Default(value: false),
    ]

    struct Photo: JSONCodable, Equatable {
        let url: String
        let width: Int
        let height: Int

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "url": "src", "width": "size.w", "height": "size.h",
        ]
    }
}

/// The same mapping written by hand, as `Codable` needs it without transformers.
struct HandListing: Codable {
    let listing: Listing

    init(listing: Listing) {
        self.listing = listing
    }

    enum Keys: String, CodingKey {
        case listingID = "listing_id", details, pricing, seller, tags, metrics, stockText = "stock_text"
        case createdAt = "created_at", updatedAt = "updated_at", featured, photos
    }
    enum DetailKeys: String, CodingKey { case title }
    enum PricingKeys: String, CodingKey { case amount, currency }
    enum SellerKeys: String, CodingKey { case name, stats }
    enum StatsKeys: String, CodingKey { case rating }
    enum MetricsKeys: String, CodingKey { case views }

    struct Photo: Codable {
        let photo: Listing.Photo
        enum Keys: String, CodingKey { case src, size }
        enum SizeKeys: String, CodingKey { case w, h }

        init(photo: Listing.Photo) {
            self.photo = photo
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let size = try container.nestedContainer(keyedBy: SizeKeys.self, forKey: .size)
            photo = Listing.Photo(
                url: try container.decode(String.self, forKey: .src), width: try size.decode(Int.self, forKey: .w),
                height: try size.decode(Int.self, forKey: .h))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(photo.url, forKey: .src)
            var size = container.nestedContainer(keyedBy: SizeKeys.self, forKey: .size)
            try size.encode(photo.width, forKey: .w)
            try size.encode(photo.height, forKey: .h)
        }
    }

    struct BadValue: Error {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let details = try container.nestedContainer(keyedBy: DetailKeys.self, forKey: .details)
        let pricing = try container.nestedContainer(keyedBy: PricingKeys.self, forKey: .pricing)
        let seller = try container.nestedContainer(keyedBy: SellerKeys.self, forKey: .seller)
        let stats = try seller.nestedContainer(keyedBy: StatsKeys.self, forKey: .stats)
        let tags = try container.decode([String].self, forKey: .tags)
        guard let firstTag = tags.first, let stock = Int(try container.decode(String.self, forKey: .stockText)),
            let updatedAt = try? Date.ISO8601FormatStyle().parse(try container.decode(String.self, forKey: .updatedAt))
        else { throw BadValue() }
        var views = 0
        if container.contains(.metrics) {
            let metrics = try container.nestedContainer(keyedBy: MetricsKeys.self, forKey: .metrics)
            views = try metrics.decodeIfPresent(Int.self, forKey: .views) ?? 0
        }
        listing = Listing(
            id: try container.decode(Int.self, forKey: .listingID),
            title: try details.decode(String.self, forKey: .title),
            price: try pricing.decode(Double.self, forKey: .amount),
            currency: try pricing.decode(String.self, forKey: .currency),
            sellerName: try seller.decode(String.self, forKey: .name),
            sellerRating: try stats.decode(Double.self, forKey: .rating), firstTag: firstTag, tags: tags, views: views,
            stock: stock,
            createdAt: Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .createdAt)),
            updatedAt: updatedAt, featured: try container.decodeIfPresent(Bool.self, forKey: .featured) ?? false,
            photos: try container.decode([Photo].self, forKey: .photos).map(\.photo))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(listing.id, forKey: .listingID)
        var details = container.nestedContainer(keyedBy: DetailKeys.self, forKey: .details)
        try details.encode(listing.title, forKey: .title)
        var pricing = container.nestedContainer(keyedBy: PricingKeys.self, forKey: .pricing)
        try pricing.encode(listing.price, forKey: .amount)
        try pricing.encode(listing.currency, forKey: .currency)
        var seller = container.nestedContainer(keyedBy: SellerKeys.self, forKey: .seller)
        try seller.encode(listing.sellerName, forKey: .name)
        var stats = seller.nestedContainer(keyedBy: StatsKeys.self, forKey: .stats)
        try stats.encode(listing.sellerRating, forKey: .rating)
        try container.encode(listing.tags, forKey: .tags)
        var metrics = container.nestedContainer(keyedBy: MetricsKeys.self, forKey: .metrics)
        try metrics.encode(listing.views, forKey: .views)
        try container.encode(String(listing.stock), forKey: .stockText)
        try container.encode(listing.createdAt.timeIntervalSince1970, forKey: .createdAt)
        try container.encode(listing.updatedAt.formatted(Date.ISO8601FormatStyle()), forKey: .updatedAt)
        try container.encode(listing.featured, forKey: .featured)
        try container.encode(listing.photos.map(Photo.init(photo:)), forKey: .photos)
    }
}
