import FastMapLadybug
import Foundation

// The models of Ladybug 2's README, written as its users wrote them (Swift 6 language mode:
// `static let transformersByPropertyKey` must compile without concurrency diagnostics).

/// The README's models, in a namespace of their own (other suites have a `Tree` too).
enum LadybugReadme {
    struct Tree: JSONCodable, Equatable {
        enum Family: Int, Codable {
            case deciduous, coniferous
        }

        let name: String
        let family: Family
        let age: Int
        let plantedAt: Date
        let leaves: [Leaf]

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "name": JSONKeyPath("tree_names", "colloquial", 0),
            "plantedAt": "planted_at" <- format("MM-dd-yyyy"),
            "leaves": [Leaf].transformer,
        ]

        struct Leaf: JSONCodable, Equatable {
            enum Size: String, Codable {
                case small, medium, large
            }

            let size: Size
            let isAttached: Bool

            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "isAttached": "is_attached"
            ]
        }
    }

    struct Flight: JSONCodable, Equatable {
        enum Airline: String, Codable {
            case delta, united, jetBlue, spirit, other
        }

        let airline: Airline
        let number: Int
        let passengers: [Passenger]
        let airMarshal: Passenger

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "number": JSONKeyPath("flight_number"),
            "passengers": [Passenger].transformer,
            "airMarshal": "air_marshal" <- Passenger.transformer,
        ]

        struct Passenger: JSONCodable, Equatable {
            let name: String
        }
    }

    struct SomeDates: JSONCodable {
        let july4th: Date
        let Y2K: Date
        let createdAt: Date

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "july4th": format("MM/dd/yyyy"),
            "Y2K": "y2k" <- secondsSince1970,
            "createdAt": custom { _ in return Date() },
        ]
    }

    /// As in the README, whose closure force-casts: it decodes the README's payload.
    struct ReadmeBottlesOfBeerOnTheWall: JSONCodable, Equatable {
        let count: Int

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "count": Map<Int> { return Int($0 as! String) }
        ]
    }

    /// The README's example written the way its "Safety for `Map`" section recommends: the closure
    /// returns nil for values it does not recognize, which lets `toData()` output decode again.
    struct BottlesOfBeerOnTheWall: JSONCodable, Equatable {
        let count: Int

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "count": Map<Int> { ($0 as? String).flatMap { Int($0) } }
        ]
    }

    struct FibonacciSequence: JSONCodable, Equatable {
        let values: [Int]
        let sum: Int

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "sum": MapTransformer<Int>(keyPath: "values") { value in
                guard let values = value as? [Int] else { return nil }
                return values.reduce(0) { $0 + $1 }
            }
        ]
    }

    struct Tweet: JSONCodable, Equatable {
        let id: Int
        let text: String
        let author: String
        let createdAt: Date
        let retweets: Int

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "author": "user.screen_name",
            "createdAt": "created_at" <- format("EEE MMM dd HH:mm:ss Z yyyy"),
            "retweets": "retweet_count" <- Default(value: 0),
        ]
    }

    /// The README's generic constraint example.
    final class ContentProvider<T: JSONCodable> {
        func content(from data: Data) throws -> T {
            try T(data: data)
        }
    }

    // Ladybug's class conformance tests: classes with default values or an `init()`.

    class Shirt1: JSONCodable {
        enum Size: String, Codable {
            case small, medium, large
        }

        var cost: Double = 0
        var size: Size = .small
    }

    class Shirt2: JSONCodable {
        enum Size: String, Codable {
            case small, medium, large
        }

        let cost: Double
        let size: Size

        init() {
            cost = 0
            size = .small
        }
    }

    final class Jacket: JSONCodable {
        var brand: String = ""
        var price: Double = 0
        var soldAt: Date? = nil

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "brand": "label.brand",
            "soldAt": "sold_at" <- iso8601,
        ]
    }
}
