import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// A `JSON` value the simdjson walk parsed keeps, of its copy of the text, only the bytes its
/// strings and kept numbers point at (`fm_doc_pack_text`): white space, punctuation, literals and
/// integers are given back, and every value reads as before.
@Suite struct ReleasedTextTests {
    /// A pretty-printed document of `count` records: keys and strings (some escaped, some empty,
    /// some not ASCII), integers, decimals, numbers kept as text, literals, nested arrays.
    static func document(count: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        var records: [String] = []
        for index in 0..<count {
            let word = String(repeating: "w", count: Int(generator.next() % 40))
            let number = [
                "\(index)", "-\(generator.next() % 100_000).\(generator.next() % 1000)", "1.5e\(index % 300)",
            ]
            records.append(
                """
                        {
                            "id"      :   \(number[0]),
                            "name"    :   "\(word)-\(index)",
                            "escaped" :   "tab\\there \\u00e9 \\"q\\"",
                            "empty"   :   "",
                            "ünïcode" :   "ß\(index)",
                            "ratio"   :   \(number[1]),
                            "big"     :   \(number[2]),
                            "flags"   :   [ true ,  false ,  null ,  [  ] ,  {  } ]
                        }
                """)
        }
        return "{\n    \"records\" : [\n" + records.joined(separator: " ,\n") + "\n    ]\n}\n"
    }

    static let options: [JSON.ReadingOptions] = [
        .init(parser: .simdjson), .init(parser: .yajl), .init(parser: .simdjson, allowsTrailingCommas: false),
        .init(allowsJSON5: true),
    ]

    /// The value reads exactly as one parsed under a memory limit (which copies each string and
    /// number and never holds the text), and holds no more than that one.
    @Test(arguments: options)
    func aParsedValueKeepsOnlyWhatItsStringsPointAt(options: JSON.ReadingOptions) throws {
        for (count, seed) in [(1, 1), (40, 2), (3000, 3)] as [(Int, UInt64)] {
            let text = Self.document(count: count, seed: seed)
            let json = try JSON(string: text, options: options)
            var limited = options
            limited.memoryLimit = 1 << 30
            let reference = try JSON(string: text, options: limited)
            #expect(json == reference, "\(options.parser), \(count) records")
            #expect(json["records"]?[count - 1]?["name"]?.string?.hasSuffix("-\(count - 1)") == true)
            #expect(json["records"]?[count - 1]?["escaped"]?.string == "tab\there \u{e9} \"q\"")
            #expect(json["records"]?[0]?["ünïcode"]?.string == "ß0")
            #expect(json["records"]?[count - 1]?["big"]?.node.numberText == "1.5e\((count - 1) % 300)")
            let records = try #require(json["records"]?.array)
            for (index, record) in records.enumerated() {
                #expect(record["id"]?.int == index)
                #expect(record["empty"]?.string == "")
            }
            // Packed where the simdjson walk reads: no more than the limited parse's own copies (a
            // growing block's slack aside), where holding the text would add all of it. yajl reads
            // the text as given, and the document keeps it.
            let held = json.document.memorySize
            let copies = reference.document.memorySize
            if options.parser == .yajl {
                #expect(held > copies && held > text.utf8.count, "\(held) bytes, \(copies) copied")
            } else {
                #expect(held <= copies + 16_384, "\(held) bytes, \(copies) copied, \(text.utf8.count) text")
            }
        }
    }

    /// JSON5's numbers strict JSON cannot spell, restored after the parse over the packed text,
    /// read as they do unpacked.
    @Test func json5TokensKeepTheirText() throws {
        let text = "[.5, +1.5, 5., -.25, Infinity, -Infinity, NaN, 0x1F, 1.5, -0.0, 1.50]"
        let options = JSON.ReadingOptions(allowsJSON5: true)
        let json = try JSON(string: text, options: options)
        var limited = options
        limited.memoryLimit = 1 << 20
        let reference = try JSON(string: text, options: limited)
        let nodes = json.document.root.elements, expected = reference.document.root.elements
        #expect(nodes.count == expected.count)
        for (node, other) in zip(nodes, expected) {
            #expect(node.numberText == other.numberText)
            let value = node.realValue, otherValue = other.realValue
            #expect(value.bitPattern == otherValue.bitPattern || (value.isNaN && otherValue.isNaN))
        }
    }

    /// A top-level string or number keeps its bytes; a top-level literal keeps none.
    @Test func topLevelScalarsKeepTheirBytes() throws {
        #expect(try JSON(string: "  \"  spaced  \"  ").string == "  spaced  ")
        #expect(try JSON(string: " 12345678901234567890123 ").numberText == "12345678901234567890123")
        #expect(try JSON(string: " -0.125 ").double == -0.125)
        #expect(try JSON(string: " true ").bool == true)
        #expect(try JSON(string: "\"\"").string == "")
    }

    /// Values taken from a released document and composed into new ones still read their bytes.
    @Test func composedValuesReadTheReleasedBytes() throws {
        let parsed = try JSON(string: Self.document(count: 20, seed: 9))
        let names = try #require(parsed["records"]?.array).compactMap { $0["name"] }
        let built = JSON(array: names + [JSON(members: [("first", names[0])])])
        let written = try JSON(data: built.data())
        #expect(written[0]?.string == names[0].string)
        #expect(written[20]?["first"]?.string == names[0].string)
        #expect(written == built)
    }
}
