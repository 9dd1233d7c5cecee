import FastMapModels
import Foundation
import Testing

@JSONModel
struct HookedRange: Equatable, JSONModelHooks {
    var low: Int
    var high: Int
    @Ignore var span: Int = 0

    mutating func didDecode() throws {
        if low > high { swap(&low, &high) }
        span = high - low
    }

    func willEncode() throws {
        if low > high { throw HookError.inverted }
    }
}

enum HookError: Error { case inverted, rejected }

@JSONModel
final class HookedCounter: JSONModelHooks {
    var count: Int
    @Ignore var decodedCount = 0

    init(count: Int) { self.count = count }

    func didDecode() throws {
        if count < 0 { throw HookError.rejected }
        decodedCount += 1
    }
}

@JSONModel(tagging: .external)
enum HookedCommand: Equatable, JSONModelHooks {
    case run(name: String)
    case stop

    mutating func didDecode() throws {
        if case .run(let name) = self, name.isEmpty { self = .stop }
    }
}

@Suite("@JSONModel hooks")
struct JSONModelHookTests {
    @Test func didDecodeRunsAfterEveryProperty() throws {
        let range = try JSONModelFixture.decode(HookedRange.self, from: #"{"low": 9, "high": 2}"#)
        #expect(range == HookedRange(low: 2, high: 9, span: 7))
        let counter = try FastJSONDecoder().decode(HookedCounter.self, from: Data(#"{"count": 3}"#.utf8))
        #expect(counter.decodedCount == 1)
        let command = try JSONModelFixture.decode(HookedCommand.self, from: #"{"run": {"name": ""}}"#)
        #expect(command == .stop)
    }

    @Test func hookErrorsFailTheDecodeAndTheEncode() throws {
        #expect(throws: HookError.rejected) {
            try JSONDecoder().decode(HookedCounter.self, from: Data(#"{"count": -1}"#.utf8))
        }
        #expect(throws: HookError.rejected) {
            try FastJSONDecoder().decode(HookedCounter.self, from: Data(#"{"count": -1}"#.utf8))
        }
        #expect(throws: HookError.inverted) { try JSONEncoder().encode(HookedRange(low: 5, high: 1)) }
        #expect(throws: HookError.inverted) { try FastJSONEncoder().encode(HookedRange(low: 5, high: 1)) }
    }
}
