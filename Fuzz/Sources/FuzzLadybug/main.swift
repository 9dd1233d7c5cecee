import FastMap
import FastMapLadybug
import Foundation
import FuzzSupport

runFuzzer(fuzzLadybug)

/// `JSONCodable` models with transformers read from the input and written back with `toData()`.
/// Reading may throw; a model read must write without stopping the process, its text must read
/// back into a model, and that model must write the same text again (what a first write adds,
/// such as a default where nothing was, is there from then on). `toJSON()` must work where
/// `toData()` does, and `init(json:)` must take what it gives without stopping. The models put
/// `JSON` values the input holds at places other properties' key paths go below, and key paths
/// through arrays, defaults, dates, maps and nested models.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLadybug(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    check(Overlaps.self, data)
    check(Paths.self, data)
    check(List<Paths>.self, data)
    check(Adapted.self, data)
    return 0
}

/// `JSON` values at places other key paths go below, in both orders.
struct Overlaps: JSONCodable, Equatable {
    let meta: JSON
    let extra: Int
    let list: JSON?
    let second: JSON?
    let deep: String
    let after: Bool

    static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
        "extra": "meta.extra" <- Default(value: 0),
        "second": "list[1]",
        "deep": "list[0].name" <- Default(value: ""),
        "after": "before.flag" <- Default(value: false),
    ]
}

/// Key paths through objects and arrays, defaults, a nested model list and a model at a path.
struct Paths: JSONCodable, Equatable {
    let id: Int
    let title: String?
    let first: String?
    let tags: [String]?
    let amount: Double
    let items: [Item]?
    let owner: Item?

    struct Item: JSONCodable, Equatable {
        let name: String
        let size: Int?
        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["size": "dims.w"]
    }

    static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
        "id": "ids[0]" <- Default(value: -1),
        "title": "details.title",
        "first": JSONKeyPath("tags", 0),
        "amount": "pricing.amount" <- Default(value: 0.5),
        "owner": "people.owner",
    ]
}

/// A date, a decode-only `Map` and nested models through their transformers, at paths.
struct Adapted: JSONCodable, Equatable {
    let when: Date?
    let count: Int
    let owner: Paths.Item?
    let crew: [Paths.Item]?

    static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
        "when": "at.time" <- iso8601,
        "count": "meta.count" <- Map<Int> { ($0 as? Int) ?? ($0 as? String).flatMap { Int($0) } },
        "owner": "people[0]" <- Paths.Item.transformer,
        "crew": "team.crew" <- [Paths.Item].transformer,
    ]
}

/// Reads `T` from `data`; when it reads, writes it and holds the checks above.
func check<T: JSONCodable & Equatable>(_ type: T.Type, _ data: Data) {
    guard let model = try? T(data: data) else { return }
    let written: Data
    do { written = try model.toData() } catch { preconditionFailure("\(T.self) read but did not write: \(error)") }
    guard (try? JSON(data: written)) != nil else {
        preconditionFailure("\(T.self) wrote text that does not parse: \(text(written))")
    }
    let again: T
    do { again = try T(data: written) } catch {
        preconditionFailure("\(T.self) wrote \(text(written)), which does not read back: \(error)")
    }
    let rewritten: Data
    do { rewritten = try again.toData() } catch { preconditionFailure("\(T.self) read back did not write: \(error)") }
    precondition(rewritten == written, "\(T.self) wrote \(text(written)), then \(text(rewritten))")
    // The object route goes through Foundation's numbers, which may hold a number the text
    // holds exactly (an integer past 2^64) differently: it must work, not read back the same.
    let object: Any
    do { object = try model.toJSON() } catch { preconditionFailure("\(T.self) wrote text but no object: \(error)") }
    _ = try? T(json: object)
}

/// UTF-8 text for a failure message.
func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
