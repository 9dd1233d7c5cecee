import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// DESIGN.md's parity table, one test per row, on fixtures written here (no shared data needed).
/// Every test runs with every engine: they must build the same trees and report the same errors.
@Suite struct ParsingParityTests {
    func parse(_ text: String, _ parser: JSONParser) throws(FastMapError) -> JSON {
        try JSON(string: text, options: .init(parser: parser))
    }

    func parseError(
        _ text: String, _ parser: JSONParser, sourceLocation: SourceLocation = #_sourceLocation
    ) -> FastMapError? {
        do {
            let json = try parse(text, parser)
            Issue.record("expected an error, parsed \(json)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: JSONParser.allCases)
    func topLevelScalarsAreAccepted(parser: JSONParser) throws {
        #expect(try parse("42", parser).int == 42)
        #expect(try parse(" \"x\" ", parser).string == "x")
        #expect(try parse("true", parser).bool == true)
        #expect(try parse("null", parser).isNull)
        #expect(try parse("-1.5e3", parser).double == -1500)
    }

    @Test(arguments: JSONParser.allCases)
    func nulIsKeptInStringsAndKeys(parser: JSONParser) throws {
        let json = try parse(#"{"a\u0000b": "x\u0000y", "k": "\u0000"}"#, parser)
        #expect(json["a\u{0}b"]?.string == "x\u{0}y")
        #expect(json["a\u{0}b"]?.string?.utf8.count == 3)
        #expect(json["k"]?.string == "\u{0}")
        #expect(json.keys == ["a\u{0}b", "k"])
        #expect(String(decoding: try json.data(), as: UTF8.self) == #"{"a\u0000b":"x\u0000y","k":"\u0000"}"#)
    }

    @Test(arguments: JSONParser.allCases)
    func integersAreExactFromInt64MinToUInt64Max(parser: JSONParser) throws {
        let json = try parse(
            "[18446744073709551615, 9223372036854775808, -9223372036854775808, 9223372036854775807]", parser)
        #expect(json[0]?.uint64 == UInt64.max)
        #expect(json[0]?.int64 == nil)
        #expect(json[0]?.int == nil)
        #expect(json[1]?.uint64 == 9_223_372_036_854_775_808)
        #expect(json[2]?.int64 == Int64.min)
        #expect(json[2]?.uint64 == nil)
        #expect(json[3]?.int64 == Int64.max)
        #expect(json[0]?.foundationObject as? UInt64 == UInt64.max)
        #expect(
            String(decoding: try json.data(), as: UTF8.self)
                == "[18446744073709551615,9223372036854775808,-9223372036854775808,9223372036854775807]")
        // The unsigned marker survives being copied into a new document.
        let copy: JSON = ["big": json[0]!]
        #expect(copy["big"]?.uint64 == UInt64.max)
        #expect(copy["big"] == json[0])
    }

    @Test(arguments: JSONParser.allCases)
    func integersBeyondTheExactRangeKeepTheirText(parser: JSONParser) throws {
        for text in ["18446744073709551616", "-9223372036854775809", "123456789012345678901234567890"] {
            let json = try parse("[1, \(text)]", parser)
            #expect(json[1]?.numberText == text)
            #expect(json[1]?.int64 == nil && json[1]?.uint64 == nil)
            #expect(String(decoding: try json.data(), as: UTF8.self) == "[1,\(text)]")
        }
    }

    @Test(arguments: JSONParser.allCases)
    func duplicateKeysKeepTheFirstValue(parser: JSONParser) throws {
        let json = try parse(#"{"a": 1, "b": {"x": [1]}, "a": 2, "b": 3, "a": {"deep": true}}"#, parser)
        #expect(json["a"]?.int == 1)
        #expect(json["b"]?["x"]?[0]?.int == 1)
        #expect(json.count == 2)
        #expect(json.keys == ["a", "b"])
    }

    /// Objects side by side at one depth share the writer's table of keys (each object's keys carry
    /// its own stamp): a key of an earlier sibling is no duplicate of a later one, a repeat within
    /// one object always is, in objects of every size (the table grows past 8 and 16 members).
    @Test(arguments: JSONParser.allCases)
    func duplicateKeysInSiblingAndLargeObjectsKeepTheFirstValue(parser: JSONParser) throws {
        /// What an object must read as: its first value per key, in the order of first appearance.
        indirect enum Expected {
            case number(Int)
            case object([(key: String, value: Expected)])
        }
        var random = SeededGenerator(seed: 48)
        let pool = (0..<90).map { "k\($0)" }
        // Three levels: a top object, objects in it, objects in those (up to 70 members each).
        func object(depth: Int) -> (text: String, expected: Expected) {
            let count = Int.random(in: 0..<(depth == 2 ? 70 : 12), using: &random)
            var text = "{"
            var members: [(key: String, value: Expected)] = []
            for position in 0..<count {
                let key = pool[Int.random(in: 0..<(count + 3), using: &random)]
                let value: (text: String, expected: Expected)
                if depth < 2 && Bool.random(using: &random) {
                    value = object(depth: depth + 1)
                } else {
                    let number = Int.random(in: 0..<1_000_000, using: &random)
                    value = ("\(number)", .number(number))
                }
                text += (position > 0 ? "," : "") + "\"\(key)\":" + value.text
                if !members.contains(where: { $0.key == key }) { members.append((key, value.expected)) }
            }
            return (text + "}", .object(members))
        }
        func check(_ json: JSON, _ expected: Expected) {
            switch expected {
            case .number(let number):
                #expect(json.int == number)
            case .object(let members):
                #expect(json.keys == members.map(\.key))
                for (key, value) in members {
                    guard let member = json[key] else {
                        Issue.record("\(key) is missing")
                        continue
                    }
                    check(member, value)
                }
            }
        }
        for _ in 0..<40 {
            let (text, expected) = object(depth: 0)
            check(try parse(text, parser), expected)
        }
    }

    @Test(arguments: JSONParser.allCases)
    func depthLimitMatchesFoundation(parser: JSONParser) throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try parse(ok, parser).count == 1)
        let objects = String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)
        #expect(try parse(objects, parser).kind == .object)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(parseError(tooDeep, parser))
        #expect(error.kind == .depthLimit)
        #expect(error.location?.offset == 513)
    }

    @Test(arguments: JSONParser.allCases)
    func hugeNestingIsAnErrorNotAStackOverflow(parser: JSONParser) throws {
        for (open, close) in [("[", "]"), (#"{"k":"#, "}")] {
            let text = String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000)
            let error = try #require(parseError(text, parser))
            #expect(error.kind == .depthLimit)
        }
        let unclosed = String(repeating: "[", count: 100_000)
        #expect(parseError(unclosed, parser)?.kind == .depthLimit)
    }

    @Test(arguments: JSONParser.allCases)
    func depthLimitIsConfigurable(parser: JSONParser) throws {
        #expect(throws: FastMapError.self) {
            try JSON(string: "[[[1]]]", options: .init(parser: parser, maximumDepth: 2))
        }
        #expect(try JSON(string: "[[1]]", options: .init(parser: parser, maximumDepth: 2)).count == 1)
    }

    @Test(arguments: JSONParser.allCases)
    func negativeZeroAndUnderflowAsFoundation(parser: JSONParser) throws {
        let json = try parse("[-0, -0.0, 0, 1e-400, -1e-400, 5e-324]", parser)
        let minusZero = try #require(json[0]?.double)
        #expect(minusZero == 0 && minusZero.sign == .minus)
        #expect(json[0]?.int == 0)
        #expect(json[1]?.double?.sign == .minus)
        #expect(json[2]?.double?.sign == .plus)
        #expect(json[3]?.double == 0)
        #expect(json[4]?.double == 0)
        #expect(json[5]?.double == Double.leastNonzeroMagnitude)
        #expect(String(decoding: try json.data(), as: UTF8.self) == "[-0,-0,0,0,-0,5e-324]")
    }

    @Test(arguments: JSONParser.allCases)
    func doubleOverflowKeepsTheText(parser: JSONParser) throws {
        for text in ["1e400", "-1e400", "1.7976931348623159e308"] {
            let json = try parse("[\(text)]", parser)
            #expect(json[0]?.numberText == text)
            #expect(json[0]?.double?.isInfinite == true)
            #expect(String(decoding: try json.data(), as: UTF8.self) == "[\(text)]")
        }
    }

    @Test(arguments: JSONParser.allCases)
    func surrogatesArePairedAndLoneOnesRejected(parser: JSONParser) throws {
        #expect(try parse(#""\ud83d\ude00""#, parser).string == "😀")
        #expect(try parse(#""a\u00e9\u4e2d""#, parser).string == "aé中")
        for text in [#""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800abc""#, #"{"\udc00": 1}"#] {
            let error = try #require(parseError(text, parser))
            #expect(error.kind == .invalidUnicode, "\(text)")
        }
    }

    @Test(arguments: JSONParser.allCases)
    func invalidUTF8IsRejectedWithItsOffset(parser: JSONParser) throws {
        let cases: [[UInt8]] = [
            Array(#"["ab"#.utf8) + [0xC0, 0x80] + Array(#""]"#.utf8),  // overlong
            Array(#"["ab"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8),  // encoded surrogate
            Array(#"["ab"#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""]"#.utf8),  // above U+10FFFF
            Array(#"["ab"#.utf8) + [0xFF] + Array(#""]"#.utf8),
        ]
        for bytes in cases {
            do {
                _ = try JSON(bytes: bytes, options: .init(parser: parser))
                Issue.record("accepted invalid UTF-8 \(bytes)")
            } catch {
                #expect(error.kind == .syntax)
                #expect(error.location?.offset == 4)
            }
        }
    }

    @Test(arguments: JSONParser.allCases)
    func syntaxErrorsCarryLineColumnAndOffset(parser: JSONParser) throws {
        let text = "{\n  \"a\": 1,\n  \"b\": tru\n}"
        let error = try #require(parseError(text, parser))
        #expect(error.kind == .syntax)
        let location = try #require(error.location)
        #expect(location.line == 3)
        #expect(location.offset > 14 && location.offset <= 22)
        #expect(location.column == location.offset - 12 + 1)  // line 3 starts at byte 12
        #expect(error.description.contains("line 3"))
        for bad in ["", "   ", "[1,,]", "{\"a\" 1}", "[1] x", "01", "1.", "'a'", "[\"\t\"]", "nul", "{\"a\":1"] {
            let error = try #require(parseError(bad, parser), "\(bad)")
            #expect(error.kind == .syntax, "\(bad)")
        }
    }

    @Test(arguments: JSONParser.allCases)
    func memberOrderIsKept(parser: JSONParser) throws {
        let json = try parse(#"{"z": 1, "a": 2, "m": 3, "b": 4}"#, parser)
        #expect(json.keys == ["z", "a", "m", "b"])
        #expect(json.members.map(\.key) == ["z", "a", "m", "b"])
        #expect(String(decoding: try json.data(), as: UTF8.self) == #"{"z":1,"a":2,"m":3,"b":4}"#)
    }

    @Test func parsingFromEveryInputForm() throws {
        let text = #"{"a": [1, 2]}"#
        let expected = try JSON(string: text)
        #expect(try JSON(data: Data(text.utf8)) == expected)
        #expect(try JSON(bytes: Array(text.utf8)) == expected)
        #expect(try JSON(bytes: Array(text.utf8)[...]) == expected)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fastmap-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try JSON(contentsOf: url) == expected)
        let missing = url.appendingPathExtension("missing")
        #expect { try JSON(contentsOf: missing) } throws: { ($0 as? FastMapError)?.kind == .io }
    }
}
