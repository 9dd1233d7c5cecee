import CJanssonNeighbour
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// Integers within 2^55 and decimals whose digits are below 2^45 are short cells: one word, the
/// value in the tag (`FM_CELL_SHORT`, `fastmap_document.h`). Values at the edges of what a short
/// cell holds read back exactly; documents mixing short and wide cells are walked, looked up,
/// copied, exchanged and compared as before; and a document of small numbers takes a word a
/// number.
@Suite struct ShortCellTests {
    static let limit: Int64 = 1 << 55
    static let integers: [Int64] = [
        0, 1, -1, 255, -256, 1 << 47, limit - 1, -limit, limit, -limit - 1, limit + 1, -limit + 1, .max, .min,
    ]
    /// 35184372088831 is 2^45 - 1, the largest digits a short decimal holds.
    static let decimals = [
        "3.5184372088831", "3.5184372088832", "-3.5184372088831", "-3.5184372088832", "35184372088.831",
        "0.35184372088831", "0.35184372088832", "0.000000000001", "-0.0", "0.5", "-0.50", "9999999999999.9",
        "1234567.1234567", "-65.613616999999977", "0.000000000000000001", "9999999999.999999999",
    ]

    static func isShortDecimal(_ text: String) -> Bool {
        let digits = String(text.filter(\.isNumber))
        return UInt64(digits)! < 1 << 45
    }

    /// The first element of `[text]`, parsed by `parser`.
    static func element(_ text: String, _ parser: JSONParser) throws -> (JSON, JSONNode) {
        let json = try JSON(string: "[\(text)]", options: .init(parser: parser))
        return (json, try #require(json.document.root.element(at: 0)))
    }

    @Test(arguments: [JSONParser.yajl, .simdjson])
    func integersAtTheEdgesReadBackExactly(parser: JSONParser) throws {
        for value in Self.integers {
            let (json, node) = try Self.element(String(value), parser)
            #expect(node.isInteger && node.integerBits == value, "\(parser): \(value)")
            #expect(node.isShort == (value >= -Self.limit && value < Self.limit), "\(parser): \(value)")
            #expect(json == JSON(array: [JSON(value)]), "\(parser): \(value)")
            #expect(json.description == "[\(value)]")
            // A value built in code is short by the same rule.
            let built = JSON(value)
            withExtendedLifetime(built) {
                #expect(built.document.root.isShort == node.isShort, "\(value)")
                #expect(built.document.root.integerBits == value, "\(value)")
            }
        }
    }

    @Test(arguments: [JSONParser.yajl, .simdjson])
    func decimalsAtTheEdgesReadBackExactly(parser: JSONParser) throws {
        for text in Self.decimals {
            let (json, node) = try Self.element(text, parser)
            #expect(node.typeTag == 10 && node.isShort == Self.isShortDecimal(text), "\(parser): \(text)")
            #expect(node.numberText == text, "\(parser): \(text)")
            #expect(node.realValue.bitPattern == Double(text)!.bitPattern, "\(parser): \(text)")
            #expect(try JSON(string: json.description) == json, "\(parser): \(text)")
        }
    }

    /// Short and wide cells side by side, inside arrays and as the values of an object with more
    /// members than its first key table holds, a repeated key among them.
    static let mixed: String = {
        var members: [String] = []
        for index in 0..<40 {
            let value =
                switch index % 5 {
                case 0: "\(index)"
                case 1: "\(index).25"
                case 2: "\"s\(index)\""
                case 3: "[\(index),-\(index).5,\(Int64.max),{\"k\":\(index)}]"
                default: "12345678901234567.5"
                }
            members.append("\"m\(index)\":\(value)")
        }
        members.append("\"m5\":0")
        return "[1,\"a\",2.5,{\(members.joined(separator: ","))},18446744073709551615,1e5,-7,[0.125,[]],null]"
    }()

    @Test(arguments: [JSONParser.yajl, .simdjson])
    func mixedDocumentsAreWalkedAndLookedUp(parser: JSONParser) throws {
        let json = try JSON(string: Self.mixed, options: .init(parser: parser))
        let foundation = try JSONSerialization.jsonObject(with: Data(Self.mixed.utf8)) as! [Any]
        let root = json.document.root
        #expect(root.arrayCount == foundation.count)
        #expect(try #require(root.element(at: 6)).integerBits == -7)
        #expect(try #require(root.element(at: 2)).realValue == 2.5)
        #expect(try #require(root.element(at: 8)).isNull)
        let object = try #require(root.element(at: 3))
        #expect(object.objectCount == 40)
        for index in 0..<40 {
            let member = try #require(object.member("m\(index)"), "m\(index)")
            switch index % 5 {
            case 0: #expect(member.integerBits == Int64(index))
            case 1: #expect(member.realValue == Double(index) + 0.25)
            case 2: #expect(member.stringValue == "s\(index)")
            case 3:
                #expect(member.arrayCount == 4)
                #expect(try #require(member.element(at: 1)).realValue == -(Double(index) + 0.5))
                #expect(try #require(member.element(at: 2)).integerBits == .max)
                #expect(try #require(member.element(at: 3)?.member("k")).integerBits == Int64(index))
            default: #expect(member.numberText == "12345678901234567.5")
            }
        }
        // The repeated key was dropped: the first "m5" won.
        #expect(try #require(object.member("m5")).integerBits == 5)
        #expect(try JSON(string: json.description) == json)
    }

    /// Copies out of a document (a decoded model's `JSON` member) and the jansson exchange keep
    /// every value.
    @Test func mixedValuesAreCopiedAndExchanged() throws {
        let json = try JSON(string: Self.mixed)
        let object = try #require(json.document.root.element(at: 3))
        let copy = JSON(copying: object, of: json.document)
        #expect(copy == json[3])
        #expect(copy.description == json[3]?.description)
        let exchangeable = try JSON(string: Self.mixed.replacingOccurrences(of: "18446744073709551615,", with: ""))
        let janssonValue = try exchangeable.makeJanssonValue()
        defer { neighbour_release(UnsafeMutableRawPointer(janssonValue)) }
        #expect(try JSON(janssonValue: janssonValue) == exchangeable)
    }

    /// Ten thousand small integers and short decimals take about a word each: the document stays
    /// under 12 bytes a number (two words a number would be 16), beside the text yajl's documents
    /// keep whole (the simdjson walk's keep no number's text).
    @Test(arguments: [JSONParser.yajl, .simdjson])
    func smallNumbersTakeAWordEach(parser: JSONParser) throws {
        let count = 10_000
        for numbers in [(0..<count).map { String($0 * 7 - 30_000) }, (0..<count).map { "\($0).\($0 % 97)" }] {
            let text = "[" + numbers.joined(separator: ",") + "]"
            let json = try JSON(string: text, options: .init(parser: parser))
            let kept = parser == .yajl ? text.utf8.count : 0
            #expect(json.document.root.arrayCount == count)
            #expect(json.document.memorySize < kept + 12 * count, "\(parser): \(json.document.memorySize) bytes")
            #expect(json.document.root.elements.map { $0.numberText ?? String($0.integerBits) } == numbers)
        }
    }
}
