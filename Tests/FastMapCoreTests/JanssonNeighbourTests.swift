import CJanssonNeighbour
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// Another jansson user shares this test process (`Tests/CJanssonNeighbour`): it installed its
/// own size-header allocators before `main`. FastMap must leave them in place, never hand it a
/// block to free that it did not make, and read every value exactly.
@Suite(.serialized) struct JanssonNeighbourTests {
    @Test(arguments: JSONParser.allCases)
    func valuesAreExactBesideAnotherJanssonUser(parser: JSONParser) throws {
        let options = JSON.ReadingOptions(parser: parser)
        for _ in 0..<1_000 {
            let large = try JSON(string: "[18446744073709551615]", options: options)
            let small = try JSON(string: "[-1]", options: options)
            #expect(large[0]?.uint64 == UInt64.max)
            #expect(small[0]?.int64 == -1)
            #expect(small[0]?.uint64 == nil)
        }
        let literal: JSON = ["id": -1, "big": JSON(UInt64.max), "list": [1, -2, 3.5]]
        #expect(literal["id"]?.int == -1 && literal["big"]?.uint64 == .max && literal["list"]?[1]?.int == -2)
        #expect(neighbour_hooks_are_installed() != 0)
        #expect(neighbour_round_trip() != 0)
    }

    /// A thread switching jansson's allocators back and forth while documents are parsed and
    /// values composed: FastMap allocates nothing through jansson, so no block crosses pairs
    /// (a foreign free aborts the process).
    @Test func anotherThreadSwitchingAllocatorsWhileParsing() throws {
        let done = LockedValue(false)
        let switcher = Thread {
            var which: Int32 = 0
            while !done.withLock({ $0 }) {
                which ^= 1
                neighbour_switch_hooks(which)
            }
            neighbour_switch_hooks(0)
        }
        switcher.start()
        defer { done.withLock { $0 = true } }
        for round in 0..<2_000 {
            let json = try JSON(string: #"{"id": -\#(round), "tags": ["a", "b"], "n": 18446744073709551615}"#)
            let composed: JSON = ["part": json["tags"]!, "round": JSON(round)]
            #expect(json["id"]?.int == -round && json["n"]?.uint64 == .max && composed["part"]?[1]?.string == "b")
        }
        done.withLock { $0 = true }
        while switcher.isExecuting { usleep(1_000) }
        #expect(neighbour_hooks_are_installed() != 0)
    }

    @Test func aJanssonValueFromCBecomesAJSONValue() throws {
        let before = neighbour_live_blocks()
        let made = try #require(neighbour_make_value())
        let json = try JSON(janssonValue: OpaquePointer(made))
        // A copy: the C side keeps its reference and frees its value.
        #expect(neighbour_reference_count(made) == 1)
        neighbour_release(made)
        #expect(neighbour_live_blocks() == before)
        #expect(json["id"]?.int == -1)
        #expect(json["big"]?.int64 == Int64.max)
        #expect(json["name"]?.string == "café")
        #expect(json["ratio"]?.double == 0.5)
        #expect(json["tags"] == ["a", nil, true])
        #expect(json["empty"]?.object?.isEmpty == true)
    }

    /// jansson's `_nocheck` constructors take any bytes: a string or key that is not UTF-8
    /// throws instead of becoming a Swift string that is not valid.
    @Test func janssonBytesThatAreNotUTF8Throw() throws {
        for inKey in [Int32(0), 1] {
            let before = neighbour_live_blocks()
            let made = try #require(neighbour_make_invalid_utf8(inKey))
            let error = try #require(throws: FastMapError.self) { try JSON(janssonValue: OpaquePointer(made)) }
            #expect(error.kind == .invalidValue)
            #expect(error.message.contains("UTF-8"))
            neighbour_release(made)
            #expect(neighbour_live_blocks() == before)
        }
    }

    @Test func aJSONValueGoesToCAsAJanssonValue() throws {
        let parsed = try JSON(string: #"{"b": [1, -2, 2.5, "x\u0000y"], "a": {"k": null, "t": true}}"#)
        let composed: JSON = ["parsed": parsed["b"]!, "built": ["n": -7, "s": "é"]]
        for value in [parsed, composed, JSON(1), JSON("text"), nil] {
            let before = neighbour_live_blocks()
            let made = try value.makeJanssonValue()
            let text = try #require(neighbour_dump(UnsafeRawPointer(made)))
            let dumped = String(cString: text)
            neighbour_free_text(text)
            // jansson writes what FastMap reads back as the same value.
            #expect(try JSON(string: dumped) == value, "\(dumped)")
            #expect(try JSON(janssonValue: made) == value)
            neighbour_release(UnsafeMutableRawPointer(made))
            #expect(neighbour_live_blocks() == before)
        }
    }

    @Test func numbersJanssonCannotHoldThrowWithTheirPath() throws {
        for text in [
            #"{"a": [1, 18446744073709551615]}"#, #"{"a": [1, 123456789012345678901234567890]}"#,
        ] {
            let json = try JSON(string: text)
            #expect {
                _ = try json.makeJanssonValue()
            } throws: { error in
                guard let error = error as? FastMapError else { return false }
                return error.kind == .numberOutOfRange && error.path == [.key("a"), .index(1)]
            }
        }
    }
}
