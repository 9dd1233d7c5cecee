import FastMap
import Foundation
import Testing

/// One model value and the strategies to encode it with.
struct EncoderCase: Sendable, CustomTestStringConvertible {
    var name: String
    var value: any Encodable & Sendable
    var setup = EncoderSetup()

    var testDescription: String { name }
}

private let formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy/MM/dd HH:mm:ss.SSS"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter
}()

private func setup(_ body: (inout EncoderSetup) -> Void) -> EncoderSetup {
    var setup = EncoderSetup()
    body(&setup)
    return setup
}

let dateStrategies: [(String, JSONEncoder.DateEncodingStrategy)] = [
    ("deferredToDate", .deferredToDate),
    ("secondsSince1970", .secondsSince1970),
    ("millisecondsSince1970", .millisecondsSince1970),
    ("iso8601", .iso8601),
    ("formatted", .formatted(formatter)),
    (
        "custom string",
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("t=\(date.timeIntervalSince1970)")
        }
    ),
    (
        "custom keyed",
        .custom { date, encoder in
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(date.timeIntervalSinceReferenceDate, forKey: AnyKey("seconds"))
            try container.encode(encoder.codingPath.map(\.stringValue), forKey: AnyKey("path"))
        }
    ),
    ("custom nothing", .custom { _, _ in }),
]

let dataStrategies: [(String, JSONEncoder.DataEncodingStrategy)] = [
    ("base64", .base64),
    ("deferredToData", .deferredToData),
    (
        "custom hex",
        .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.map { String($0, radix: 16) }.joined())
        }
    ),
    (
        "custom unkeyed",
        .custom { data, encoder in
            var container = encoder.unkeyedContainer()
            try container.encode(data.count)
            try container.encode(encoder.codingPath.count)
        }
    ),
    ("custom nothing", .custom { _, _ in }),
]

let keyStrategies: [(String, JSONEncoder.KeyEncodingStrategy)] = [
    ("default keys", .useDefaultKeys),
    ("snake case", .convertToSnakeCase),
    (
        "custom path",
        .custom { path in
            AnyKey(path.map { $0.intValue.map { "#\($0)" } ?? $0.stringValue }.joined(separator: ".").uppercased())
        }
    ),
    ("custom constant-ish", .custom { path in AnyKey("k" + (path.last?.stringValue.prefix(2) ?? "")) }),
]

let plainCases: [EncoderCase] = [
    EncoderCase(name: "all integer widths", value: AllIntegers()),
    EncoderCase(name: "floating point extremes", value: FloatingPoints()),
    EncoderCase(name: "scalars", value: Scalars()),
    EncoderCase(name: "UUIDs", value: Identifiers()),
    EncoderCase(name: "top-level UUID", value: Identifiers().counting),
    EncoderCase(name: "ISO 8601 calendar edges", value: CalendarEdges(), setup: isoDates),
    EncoderCase(name: "escapes", value: Escapes()),
    EncoderCase(name: "unicode keys", value: UnicodeKeys()),
    EncoderCase(name: "optionals", value: Optionals()),
    EncoderCase(name: "explicit nils", value: ExplicitNils()),
    EncoderCase(name: "collections", value: Collections()),
    EncoderCase(name: "dictionaries", value: Dictionaries()),
    EncoderCase(name: "enum keys and raw values", value: EnumKeyed()),
    EncoderCase(
        name: "enums with associated values",
        value: [EncodedShape.circle(radius: 1.5), .rectangle(width: 2, height: 3), .point, .labeled("x", 1)]),
    EncoderCase(name: "recursive enum", value: Tree.node(.leaf(1), .node(.leaf(2), .leaf(3)))),
    EncoderCase(name: "generic box", value: Box(value: Scalars(), values: [Scalars(), Scalars()])),
    EncoderCase(name: "renamed keys", value: RenamedKeys()),
    EncoderCase(name: "snake case edge names, default keys", value: SnakeCaseEdges()),
    EncoderCase(name: "dates", value: Dates()),
    EncoderCase(name: "data", value: Blobs()),
    EncoderCase(name: "urls", value: Links()),
    EncoderCase(name: "decimals", value: Decimals()),
    EncoderCase(name: "decimal beyond UInt64", value: WideDecimal()),
    EncoderCase(name: "decimal NaN", value: NotANumberDecimal()),
    EncoderCase(name: "single-value wrappers", value: Wrapper(content: Wrapper(content: Scalars()))),
    EncoderCase(name: "values that encode nothing", value: ContainsNothing()),
    EncoderCase(name: "empty containers", value: EmptyContainers()),
    EncoderCase(name: "nested containers in order", value: NestedContainers()),
    EncoderCase(name: "unkeyed points", value: [Point(x: 1, y: -2.5), Point(x: 0.1, y: 1e21)]),
    EncoderCase(name: "class with superEncoder()", value: EncodedDog()),
    EncoderCase(name: "class with superEncoder(forKey:)", value: EncodedCat()),
    EncoderCase(name: "class sharing its container", value: EncodedBird()),
    EncoderCase(name: "classes in an array", value: [EncodedDog(), EncodedDog()] as [EncodedAnimal]),
    EncoderCase(name: "unkeyed superEncoder()", value: UnkeyedSupers()),
    EncoderCase(name: "unused superEncoder()", value: UnusedSupers()),
    EncoderCase(name: "conditional encoding and encode(contentsOf:)", value: ConditionalAndGeneric()),
    EncoderCase(
        name: "coding paths and userInfo",
        value: [PathReporter()],
        setup: setup { $0.userInfo = [PathReporter.infoKey: "shared"] }),
    EncoderCase(name: "deep nesting", value: DeepNesting(depth: 200)),
    EncoderCase(name: "realistic", value: [Realistic(), Realistic()]),
    EncoderCase(name: "top-level int", value: 42),
    EncoderCase(name: "top-level negative", value: Int64.min),
    EncoderCase(name: "top-level UInt64.max", value: UInt64.max),
    EncoderCase(name: "top-level double", value: 0.1),
    EncoderCase(name: "top-level float", value: Float(1e-45)),
    EncoderCase(name: "top-level string", value: "a/b\u{0}"),
    EncoderCase(name: "top-level bool", value: false),
    EncoderCase(name: "top-level nil", value: Int?.none),
    EncoderCase(name: "top-level date", value: Date(timeIntervalSince1970: 86_400.5)),
    EncoderCase(name: "top-level data", value: Data([255, 254, 253])),
    EncoderCase(name: "top-level url", value: URL(string: "https://x.y/z")!),
    EncoderCase(name: "top-level decimal", value: Decimal(string: "-0.001")!),
    EncoderCase(name: "top-level empty array", value: [Int]()),
    EncoderCase(name: "top-level empty dictionary", value: [String: Int]()),
    EncoderCase(name: "top-level wrapped nothing", value: Wrapper(content: EncodesNothing())),
    EncoderCase(name: "top-level value encoding nothing", value: EncodesNothing()),
    EncoderCase(name: "special floats", value: SpecialFloats()),
    EncoderCase(
        name: "special floats as strings",
        value: SpecialFloats(),
        setup: setup {
            $0.floatStrategy = .convertToString(positiveInfinity: "+Inf/", negativeInfinity: "-Inf", nan: "\"NaN\"")
        }),
]

let strategyCases: [EncoderCase] =
    dateStrategies.map { name, strategy in
        EncoderCase(name: "dates, \(name)", value: Dates(), setup: setup { $0.dateStrategy = strategy })
    }
    + dateStrategies.map { name, strategy in
        EncoderCase(
            name: "top-level date, \(name)", value: Date(timeIntervalSinceReferenceDate: -1.25),
            setup: setup { $0.dateStrategy = strategy })
    }
    + dataStrategies.map { name, strategy in
        EncoderCase(name: "data, \(name)", value: Blobs(), setup: setup { $0.dataStrategy = strategy })
    }
    + dataStrategies.map { name, strategy in
        EncoderCase(name: "top-level data, \(name)", value: Data([9, 8]), setup: setup { $0.dataStrategy = strategy })
    }
    + keyStrategies.flatMap { name, strategy in
        [
            EncoderCase(
                name: "snake case edges, \(name)", value: SnakeCaseEdges(), setup: setup { $0.keyStrategy = strategy }),
            EncoderCase(
                name: "dictionaries, \(name)", value: Dictionaries(), setup: setup { $0.keyStrategy = strategy }),
            EncoderCase(
                name: "nested containers, \(name)", value: NestedContainers(),
                setup: setup { $0.keyStrategy = strategy }),
            EncoderCase(
                name: "superEncoder, \(name)", value: [EncodedDog(), EncodedCat()] as [EncodedAnimal],
                setup: setup { $0.keyStrategy = strategy }),
            EncoderCase(name: "enum keys, \(name)", value: EnumKeyed(), setup: setup { $0.keyStrategy = strategy }),
            EncoderCase(name: "realistic, \(name)", value: Realistic(), setup: setup { $0.keyStrategy = strategy }),
            EncoderCase(
                name: "coding paths, \(name)", value: PathReporter(), setup: setup { $0.keyStrategy = strategy }),
        ]
    }

@Suite("FastJSONEncoder matches JSONEncoder")
struct EncoderDifferentialTests {
    @Test("model types", arguments: plainCases)
    func modelTypes(_ testCase: EncoderCase) {
        expectSameEncoding(testCase.value, setup: testCase.setup, testCase.name)
    }

    @Test("strategies", arguments: strategyCases)
    func strategies(_ testCase: EncoderCase) {
        expectSameEncoding(testCase.value, setup: testCase.setup, testCase.name)
    }

    @Test func coversAtLeastFortyModelTypes() {
        let types = Set((plainCases + strategyCases).map { "\(type(of: $0.value))" })
        #expect(types.count >= 40, "\(types.count) model types: \(types.sorted())")
    }

    /// Without `.sortedKeys`, members come out in the order the value encoded them.
    @Test func membersKeepEncodingOrder() throws {
        let encoder = FastJSONEncoder()
        let realistic = try JSON(data: encoder.encode(Realistic()))
        #expect(
            realistic.keys == [
                "id", "text", "user", "hashtags", "retweetCount", "favorited", "ratios", "attachment",
            ])
        #expect(realistic["user"]?.keys == ["id", "screenName", "followers", "verified", "profileURL", "joined"])

        let unicode = try JSON(data: encoder.encode(UnicodeKeys()))
        #expect(
            unicode.keys == [
                "é", "e\u{301}x", "😀", "\u{FF01}", "a/b", "tab\t", "quote\"", "nul\u{0}", "Z", "a", "_", "10", "9",
            ])

        let dictionary = ["delta": 4, "alpha": 1, "charlie": 3, "bravo": 2, "echo": 5]
        #expect(try JSON(data: encoder.encode(dictionary)).keys == Array(dictionary.keys))

        let nested = try JSON(data: encoder.encode(NestedContainers()))
        #expect(objectKeyOrders(nested) == [["name", "address", "after"], ["street", "lines", "number"], ["flag"]])

        let cat = try JSON(data: encoder.encode(EncodedCat()))
        #expect(objectKeyOrders(cat) == [["parent", "lives"], ["name", "legs"]])
    }

    /// The exact text for a few values, pinned here so a change in both encoders is noticed.
    @Test func pinnedOutput() throws {
        let encoder = FastJSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let nestedEmpty: [String: [String: [Int]]] = ["b": [:], "a": ["x": []]]
        let text = String(decoding: try encoder.encode(nestedEmpty), as: UTF8.self)
        #expect(text == "{\n  \"a\" : {\n    \"x\" : [\n\n    ]\n  },\n  \"b\" : {\n\n  }\n}")

        encoder.outputFormatting = []
        let numbers: [Double] = [0.1, 1e300, .leastNonzeroMagnitude, -0.0, 100, 1e16, 1e-7]
        #expect(
            String(decoding: try encoder.encode(numbers), as: UTF8.self) == "[0.1,1e+300,5e-324,-0,100,1e+16,1e-07]")
        #expect(
            String(decoding: try encoder.encode([UInt64.max]), as: UTF8.self) == "[18446744073709551615]")
        #expect(
            String(decoding: try encoder.encode("\u{0}/\u{7f}\u{2028}"), as: UTF8.self)
                == "\"\\u0000\\/\u{7f}\u{2028}\"")
    }
}
