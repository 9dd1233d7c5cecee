import CFastMap
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// Arena-backed documents are freed in one step; values that share their nodes must keep
/// them alive. Run under `make leaks` (AddressSanitizer) these tests also prove no node is
/// used after its arena is gone.
@Suite struct ArenaTests {
    static let text = #"{"user": {"name": "Ada", "ids": [1, 18446744073709551615]}, "tags": ["x", "y"]}"#

    @Test(arguments: [true, false])
    func bothAllocationModesBuildTheSameTree(usesArena: Bool) throws {
        for parser in JSONParser.allCases {
            let json = try JSON(string: Self.text, options: .init(parser: parser, usesArena: usesArena))
            #expect(json == (try JSON(string: Self.text, options: .init(usesArena: !usesArena))))
            #expect(json["user"]?["ids"]?[1]?.uint64 == UInt64.max)
        }
    }

    @Test func childValuesOutliveTheirParentValue() throws {
        var child: JSON?
        do {
            let json = try JSON(string: Self.text)
            child = json["user"]
        }
        #expect(child?["name"]?.string == "Ada")
        #expect(child?.description == #"{"name":"Ada","ids":[1,18446744073709551615]}"#)
    }

    @Test func composedValuesKeepArenaDocumentsAlive() throws {
        var composed: JSON = nil
        do {
            let first = try JSON(string: Self.text)
            let second = try JSON(string: #"[{"deep": {"er": [true]}}]"#)
            composed = ["user": first["user"]!, "second": second[0]!, "literal": 1]
            let nested: JSON = ["again": composed]
            composed = ["wrapped": nested, "tags": first["tags"]!]
        }
        // The documents the parts came from are gone; the composed tree still reads them.
        #expect(composed[JSONKeyPath("wrapped.again.user.ids[1]")]?.uint64 == UInt64.max)
        #expect(composed[JSONKeyPath("wrapped.again.second.deep.er[0]")]?.bool == true)
        #expect(composed["tags"]?.count == 2)
        #expect(try JSON(data: composed.data()) == composed)
        let object = try JSON(foundationObject: ["part": composed["tags"]!])
        composed = nil
        #expect(object["part"]?[1]?.string == "y")
    }

    @Test func droppingManyArenaDocumentsKeepsMemoryFlat() throws {
        let data = Data(Self.text.utf8)
        for _ in 0..<5_000 { _ = try JSON(data: data) }
        let before = residentMemoryBytes()
        var kept: [JSON] = []
        for index in 0..<50_000 {
            let json = try JSON(data: data)
            if index % 10_000 == 0 { kept.append(json["tags"]!) }
        }
        #expect(kept.count == 5)
        #expect(residentMemoryBytes() - before < residentGrowthBound(2_000_000))
    }
}

/// Scalars of every kind read back as written, whatever the engine, and survive composition.
@Suite struct DocumentScalarTests {
    static let long = String(repeating: "long text ", count: 12)
    static let text =
        #"{"s": "a string longer than a word", "e": "", "i": -42, "u": 7, "r": 2.5, "z": -0.0, "l": ""# + long + #""}"#

    @Test(arguments: JSONParser.allCases)
    func scalarsReadAsWritten(parser: JSONParser) throws {
        let parsed = try JSON(string: Self.text, options: .init(parser: parser))
        #expect(parsed["s"]?.string == "a string longer than a word")
        #expect(parsed["e"]?.string == "")
        #expect(parsed["l"]?.string == Self.long)
        #expect(parsed["i"]?.int == -42)
        #expect(parsed["u"]?.int == 7)
        #expect(parsed["r"]?.double == 2.5)
        #expect(parsed["z"]?.double?.sign == .minus)
        #expect(parsed == (try JSON(string: Self.text)))
        var composed: JSON = nil
        do { composed = ["copy": try JSON(string: Self.text, options: .init(parser: parser))["s"]!] }
        #expect(composed["copy"]?.string == "a string longer than a word")
        #expect(composed.description == #"{"copy":"a string longer than a word"}"#)
    }
}
