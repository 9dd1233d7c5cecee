import FastMapLadybug
import Foundation
import Testing

/// The examples of Ladybug 2's README: every decoded field, the round trip through
/// `toData()` / `toJSON()`, and the error for a broken payload.
@Suite("Ladybug README examples")
struct LadybugReadmeTests {
    typealias Tree = LadybugReadme.Tree
    typealias Flight = LadybugReadme.Flight
    typealias SomeDates = LadybugReadme.SomeDates
    typealias ReadmeBottlesOfBeerOnTheWall = LadybugReadme.ReadmeBottlesOfBeerOnTheWall
    typealias BottlesOfBeerOnTheWall = LadybugReadme.BottlesOfBeerOnTheWall
    typealias FibonacciSequence = LadybugReadme.FibonacciSequence
    typealias Tweet = LadybugReadme.Tweet
    typealias ContentProvider = LadybugReadme.ContentProvider

    static let treeJSON = """
        {
            "tree_names": {
                "colloquial": ["pine", "big green"],
                "scientific": ["piniferous scientificus"]
            },
            "age": 121,
            "family": 1,
            "planted_at": "7-4-1896",
            "leaves": [
                { "size": "large", "is_attached": true },
                { "size": "small", "is_attached": false }
            ]
        }
        """

    @Test func tree() throws {
        let tree = try Tree(data: Data(Self.treeJSON.utf8))
        #expect(tree.name == "pine")
        #expect(tree.family == .coniferous)
        #expect(tree.age == 121)
        #expect(tree.plantedAt == utcDate(1896, 7, 4))
        #expect(tree.leaves == [Tree.Leaf(size: .large, isAttached: true), Tree.Leaf(size: .small, isAttached: false)])

        let object = try JSONSerialization.jsonObject(with: Data(Self.treeJSON.utf8))
        #expect(try Tree(json: object) == tree)
        #expect(try Tree(json: JSON(string: Self.treeJSON)) == tree)
        let forest = try [Tree](json: [object, object, object])
        #expect(forest == [tree, tree, tree])

        let data = try tree.toData()
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"tree_names":{"colloquial":["pine"]},"family":1,"age":121,"planted_at":"07-04-1896","#
                + #""leaves":[{"size":"large","is_attached":true},{"size":"small","is_attached":false}]}"#)
        #expect(try Tree(data: data) == tree)
        #expect(try Tree(json: tree.toJSON()) == tree)
        #expect(try [Tree](data: forest.toData()) == forest)
        #expect(try [Tree](json: forest.toJSON()) == forest)
    }

    @Test func brokenTree() throws {
        let badLeaf = Self.treeJSON.replacingOccurrences(of: #""is_attached": false"#, with: #""is_attached": "no""#)
        let (error, failure) = try #require(decodingFailure { try Tree(data: Data(badLeaf.utf8)) })
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(type is Bool.Type)
        #expect(context.codingPath.map(\.stringValue) == ["leaves", "Index 1", "isAttached"])
        #expect(failure.pathDescription == "$.leaves[1].is_attached")
        #expect(failure.message.hasPrefix("property `isAttached` of Leaf: "))
        #expect(failure.foundKind == .string)
        #expect(failure.foundSnippet == #""no""#)

        let noName = Self.treeJSON.replacingOccurrences(of: #"["pine", "big green"]"#, with: "[]")
        let (missing, missingFailure) = try #require(decodingFailure { try Tree(data: Data(noName.utf8)) })
        guard case .keyNotFound(let key, let missingContext) = missing else {
            Issue.record("expected keyNotFound, got \(missing)")
            return
        }
        #expect(key.stringValue == "name")
        #expect(missingContext.codingPath.isEmpty)
        #expect(missingContext.debugDescription.contains(#"no value at "tree_names.colloquial[0]" or "name""#))
        #expect(missingFailure.pathDescription == "$.tree_names.colloquial[0]")

        let badDate = Self.treeJSON.replacingOccurrences(of: "7-4-1896", with: "July 4th")
        let (dateError, dateFailure) = try #require(decodingFailure { try Tree(data: Data(badDate.utf8)) })
        guard case .dataCorrupted(let dateContext) = dateError else {
            Issue.record("expected dataCorrupted, got \(dateError)")
            return
        }
        #expect(dateContext.codingPath.map(\.stringValue) == ["plantedAt"])
        #expect(dateFailure.pathDescription == "$.planted_at")
        #expect(
            dateFailure.message
                == #"property `plantedAt` of Tree: expected a date string in the format "MM-dd-yyyy", found string"#
        )
    }

    static let flightJSON = """
        {
            "airline": "united",
            "flight_number": 472,
            "air_marshal": { "name": "50 Cent" },
            "passengers": [
                { "name": "Jennifer Lawrence" },
                { "name": "Chris Pratt" }
            ]
        }
        """

    @Test func flight() throws {
        let flight = try Flight(data: Data(Self.flightJSON.utf8))
        #expect(flight.airline == .united)
        #expect(flight.number == 472)
        #expect(flight.airMarshal == Flight.Passenger(name: "50 Cent"))
        #expect(flight.passengers.map(\.name) == ["Jennifer Lawrence", "Chris Pratt"])

        let other = Self.flightJSON.replacingOccurrences(of: "472", with: "1066")
        let flights = try [Flight](json: [
            JSONSerialization.jsonObject(with: Data(Self.flightJSON.utf8)),
            JSONSerialization.jsonObject(with: Data(other.utf8)),
        ])
        #expect(flights.map(\.number) == [472, 1066])

        let data = try flight.toData()
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"airline":"united","flight_number":472,"#
                + #""passengers":[{"name":"Jennifer Lawrence"},{"name":"Chris Pratt"}],"air_marshal":{"name":"50 Cent"}}"#
        )
        #expect(try Flight(data: data) == flight)
        #expect(try [Flight](data: flights.toData()) == flights)
    }

    @Test func brokenFlight() throws {
        let badName = Self.flightJSON.replacingOccurrences(of: #""Chris Pratt""#, with: "5")
        let (error, failure) = try #require(decodingFailure { try Flight(data: Data(badName.utf8)) })
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["passengers", "Index 1", "name"])
        #expect(failure.pathDescription == "$.passengers[1].name")
        #expect(failure.message == "property `name` of Passenger: expected String, found number")

        let noMarshal = Self.flightJSON.replacingOccurrences(of: "air_marshal", with: "pilot")
        let (missing, missingFailure) = try #require(decodingFailure { try Flight(data: Data(noMarshal.utf8)) })
        guard case .keyNotFound(let key, _) = missing else {
            Issue.record("expected keyNotFound, got \(missing)")
            return
        }
        #expect(key.stringValue == "airMarshal")
        #expect(
            missingFailure.message == #"property `airMarshal` of Flight: no value at "air_marshal" or "airMarshal""#)
        #expect(missingFailure.pathDescription == "$.air_marshal")

        let badMarshal = Self.flightJSON.replacingOccurrences(of: #""50 Cent""#, with: "null")
        let (null, nullFailure) = try #require(decodingFailure { try Flight(data: Data(badMarshal.utf8)) })
        guard case .valueNotFound(_, let nullContext) = null else {
            Issue.record("expected valueNotFound, got \(null)")
            return
        }
        #expect(nullContext.codingPath.map(\.stringValue) == ["airMarshal", "name"])
        #expect(nullFailure.pathDescription == "$.air_marshal.name")

        let airline = Self.flightJSON.replacingOccurrences(of: "united", with: "lufthansa")
        let (enumError, enumFailure) = try #require(decodingFailure { try Flight(data: Data(airline.utf8)) })
        guard case .dataCorrupted = enumError else {
            Issue.record("expected dataCorrupted, got \(enumError)")
            return
        }
        #expect(enumFailure.pathDescription == "$.airline")
        #expect(enumFailure.foundSnippet == #""lufthansa""#)
    }

    @Test func someDates() throws {
        let json = #"{ "july4th": "7/4/1776", "y2k": 946684800 }"#
        let before = Date()
        let dates = try SomeDates(data: Data(json.utf8))
        #expect(dates.july4th == utcDate(1776, 7, 4))
        #expect(dates.Y2K == Date(timeIntervalSince1970: 946_684_800))
        #expect(dates.createdAt >= before && dates.createdAt <= Date())

        let data = try dates.toData()
        let written = try JSON(data: data)
        #expect(written["july4th"] == "07/04/1776")
        #expect(written["y2k"] == 946_684_800)
        #expect(written["createdAt"]?.double == dates.createdAt.timeIntervalSince1970 * 1000)
        let beforeAgain = Date()
        let again = try SomeDates(data: data)
        #expect(again.july4th == dates.july4th)
        #expect(again.Y2K == dates.Y2K)
        // `custom { _ in Date() }` only decodes: every decoding gives the date of decoding.
        #expect(again.createdAt >= beforeAgain)

        let broken = #"{ "july4th": "7/4/1776", "y2k": "soon" }"#
        let (error, failure) = try #require(decodingFailure { try SomeDates(data: Data(broken.utf8)) })
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Y2K"])
        #expect(failure.pathDescription == "$.y2k")
        #expect(
            failure.message
                == #"property `Y2K` of SomeDates: expected a number of seconds since 1970, found string"#)
    }

    @Test func bottlesOfBeerOnTheWall() throws {
        let json = #"{ "count": "100" }"#
        #expect(try ReadmeBottlesOfBeerOnTheWall(data: Data(json.utf8)).count == 100)
        let bottles = try BottlesOfBeerOnTheWall(data: Data(json.utf8))
        #expect(bottles.count == 100)

        // `Map` only decodes: the count is written as the number it is, and a closure that returns
        // nil for it (as Ladybug's README advises) lets the property read its own key.
        let data = try bottles.toData()
        #expect(String(decoding: data, as: UTF8.self) == #"{"count":100}"#)
        #expect(try BottlesOfBeerOnTheWall(data: data) == bottles)
        #expect(try BottlesOfBeerOnTheWall(json: bottles.toJSON()) == bottles)

        let broken = #"{ "count": "many" }"#
        for decode in [
            { _ = try ReadmeBottlesOfBeerOnTheWall(data: Data(broken.utf8)) },
            { _ = try BottlesOfBeerOnTheWall(data: Data(broken.utf8)) },
        ] as [() throws -> Void] {
            let (error, failure) = try #require(decodingFailure(decode))
            guard case .typeMismatch(let type, let context) = error else {
                Issue.record("expected typeMismatch, got \(error)")
                return
            }
            #expect(type is Int.Type)
            #expect(context.codingPath.map(\.stringValue) == ["count"])
            #expect(failure.pathDescription == "$.count")
            #expect(failure.foundSnippet == #""many""#)
            #expect(failure.message.hasPrefix("property `count` of "))
        }
    }

    @Test func fibonacciSequence() throws {
        let json = #"{ "values": [1, 1, 2, 3, 5, 8, 13] }"#
        let sequence = try FibonacciSequence(data: Data(json.utf8))
        #expect(sequence.values == [1, 1, 2, 3, 5, 8, 13])
        #expect(sequence.sum == 33)

        // The sum is derived from "values", which the values property already writes.
        let data = try sequence.toData()
        #expect(String(decoding: data, as: UTF8.self) == #"{"values":[1,1,2,3,5,8,13]}"#)
        #expect(try FibonacciSequence(data: data) == sequence)

        let broken = #"{ "values": [1, 1, "two"] }"#
        let (error, failure) = try #require(decodingFailure { try FibonacciSequence(data: Data(broken.utf8)) })
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["values", "Index 2"])
        #expect(failure.pathDescription == "$.values[2]")
        #expect(failure.message == #"property `values` of FibonacciSequence: expected Int, found string"#)
    }

    static let tweetsJSON = """
        [
            {
                "id": 1, "text": "hello", "user": { "screen_name": "jeff" },
                "created_at": "Wed Aug 27 13:08:45 +0000 2008", "retweet_count": 3
            },
            {
                "id": 2, "text": "world", "user": { "screen_name": "billy" },
                "created_at": "Thu Aug 28 09:00:00 +0200 2008"
            }
        ]
        """

    @Test func tweetsAsGenericConstraint() throws {
        let timeline = try ContentProvider<List<Tweet>>().content(from: Data(Self.tweetsJSON.utf8))
        #expect(timeline.count == 2)
        #expect(timeline.map(\.id) == [1, 2])
        #expect(timeline.map(\.text) == ["hello", "world"])
        #expect(timeline.map(\.author) == ["jeff", "billy"])
        #expect(timeline[0].createdAt == utcDate(2008, 8, 27, 13, 8, 45))
        #expect(timeline[1].createdAt == utcDate(2008, 8, 28, 7, 0, 0))
        #expect(timeline.map(\.retweets) == [3, 0])

        let first = try JSON(string: Self.tweetsJSON)[0]!.data()
        let detail = try ContentProvider<Tweet>().content(from: first)
        #expect(detail == timeline[0])

        let data = try timeline.toData()
        #expect(try List<Tweet>(data: data) == timeline)
        #expect(try List<Tweet>(json: timeline.toJSON()) == timeline)
        let written = try JSON(data: data)
        #expect(written[1]?["user"]?["screen_name"] == "billy")
        #expect(written[1]?["created_at"] == "Thu Aug 28 07:00:00 +0000 2008")
        #expect(written[1]?["retweet_count"] == 0)
    }

    @Test func brokenTweets() throws {
        let broken = Self.tweetsJSON.replacingOccurrences(of: #"{ "screen_name": "billy" }"#, with: #""billy""#)
        let (error, failure) = try #require(
            decodingFailure { try ContentProvider<List<Tweet>>().content(from: Data(broken.utf8)) })
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "author")
        #expect(context.codingPath.map(\.stringValue) == ["Index 1"])
        #expect(failure.pathDescription == "$[1].user.screen_name")
        #expect(failure.message == #"property `author` of Tweet: no value at "user.screen_name" or "author""#)

        #expect {
            try List<Tweet>(json: ["not", "objects"])
        } throws: { error in
            guard case JSONCodableError.badType(let expected, let received) = error else { return false }
            return expected is [[String: Any]].Type && received is [Any].Type
        }
        #expect {
            try Tweet(data: Data(Self.tweetsJSON.utf8))
        } throws: { error in
            guard case JSONCodableError.badType(let expected, let received) = error else { return false }
            return expected is [String: Any].Type && received is [Any].Type
        }
    }
}

// MARK: Helpers

func utcDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar.date(from: components)!
}

/// The `DecodingError` `body` throws and its underlying ``FastMapError``; records an issue and
/// returns nil when it throws something else or nothing.
func decodingFailure<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) -> (DecodingError, FastMapError)? {
    do {
        let value = try body()
        Issue.record("expected a DecodingError, decoded \(value)", sourceLocation: sourceLocation)
    } catch let error as DecodingError {
        if let failure = error.underlyingFastMapError { return (error, failure) }
        Issue.record("no FastMapError in \(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a DecodingError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

extension DecodingError {
    var underlyingFastMapError: FastMapError? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context.underlyingError as? FastMapError
        @unknown default:
            return nil
        }
    }
}
