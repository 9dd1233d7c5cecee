import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// `allowsJSON5` / `assumesTopLevelDictionary`, compared with `JSONDecoder` configured the same
/// way: the same values, or the same error case and coding path.
@Suite struct JSON5Tests {
    static func json5(_ parser: JSONParser, topLevelDictionary: Bool = false) -> (FastJSONDecoder, JSONDecoder) -> Void
    {
        { fast, foundation in
            fast.parser = parser
            fast.allowsJSON5 = true
            foundation.allowsJSON5 = true
            fast.assumesTopLevelDictionary = topLevelDictionary
            foundation.assumesTopLevelDictionary = topLevelDictionary
        }
    }

    static let doubles = [
        "Infinity", "-Infinity", "+Infinity", "0x1F", "0X1f", "-0x1F", "+0x10", "-0x0", ".5", "5.", "+5", "-.5",
        "+.5e1", "5.e3", "0.e5", "1e5", "-0", "123456789012345678901234567890", "1e999", "01", "00", ".", "+", "0x",
        "0x1.8", ".e5", "Inf", "nan", "Infinityx", "NaNa", "0xFFFFFFFFFFFFFFFF", "1e0000000000000000000000001",
    ]

    @Test(arguments: JSONParser.allCases)
    func numbers(parser: JSONParser) {
        let configure = Self.json5(parser)
        for text in Self.doubles {
            assertSameDecoding([Double].self, "[\(text)]", configure: configure)
            assertSameDecoding([Float].self, "[\(text)]", configure: configure)
            assertSameDecoding([Int].self, "[\(text)]", configure: configure)
            assertSameDecoding([UInt64].self, "[\(text)]", configure: configure)
            assertSameDecoding([Decimal].self, "[\(text)]", configure: configure)
            assertSameDecoding([String].self, "[\(text)]", configure: configure)
            // (A trailing space: JSONDecoder reads past the end of a number that ends the input.)
            assertSameDecoding(Double.self, text + " ", configure: configure)
        }
        // NaN never equals itself: compare the bits' meaning instead.
        let decoder = FastJSONDecoder()
        decoder.allowsJSON5 = true
        decoder.parser = parser
        let nans = (try? decoder.decode([Double].self, from: Data("[NaN, -NaN, +NaN]".utf8))) ?? []
        #expect(nans.count == 3 && nans.allSatisfy(\.isNaN) && nans[1].sign == .minus)
        #expect((try? decoder.decode(Decimal.self, from: Data("NaN".utf8)))?.isNaN == true)
        #expect((try? decoder.decode(Float.self, from: Data("-Infinity".utf8))) == -.infinity)
        // Errors name the place; the token as written is kept in the underlying error.
        do {
            _ = try decoder.decode([Int].self, from: Data("[1, Infinity]".utf8))
            Issue.record("Infinity read as Int")
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = context.underlyingError as? FastMapError
            #expect(underlying?.description == "numberOutOfRange at $[1]: the number does not fit in Int")
            #expect(underlying?.foundSnippet == "Infinity")
        } catch {
            Issue.record("\(error)")
        }
    }

    private struct Pair: Codable, Equatable {
        var a: Int
        var b: String?
    }

    @Test(arguments: JSONParser.allCases)
    func structure(parser: JSONParser) {
        let configure = Self.json5(parser)
        let objects = [
            "{a:1, $b_c:2, 'd':3, \"e\":4,}", "{a b:1}", "{1a:1}", #"{\u0061b:1}"#, "{é:1}", "{a-b:1}", "{ab1_$:1}",
            "// c\n{a:1 /* x */,}", "{a:1} // end", "{a:1} /", "/* */", "{a:1 /* open", "{,}", "{a:1,,}",
            "{\"a\":1, 'a':2}",
            "{a:1, \"a\":2}", "{a:Infinity}", "{a:01}", "\u{FEFF}{a:1}", "\u{0B}{a:1}\u{0C}", "{a:1}\u{A0}",
            "{'a': 1, b: {c: 'd',},}", "{'a': [1, 2,],}", "{a:\n1\r\n,b:2}", "{a:1}}", "{a:1 b:2}", "",
        ]
        for text in objects {
            assertSameDecoding([String: Int].self, text, configure: configure)
            assertSameDecoding(Pair.self, text, configure: configure)
            assertSameDecoding(AnyDecodable.self, text, configure: configure)
        }
        for text in [
            "[1,]", "[1,,]", "[,]", "[1, /* c */ 2,]", "[1,//x\n2]", "[1\n,2]", "[1,\u{2028}2]", "[true,null,]",
        ] {
            assertSameDecoding(AnyDecodable.self, text, configure: configure)
        }
    }

    @Test(arguments: JSONParser.allCases)
    func strings(parser: JSONParser) {
        let configure = Self.json5(parser)
        let strings = [
            #"'a\'b'"#, #""c'd""#, #"'e"f'"#, "'line\\\nbreak'", "'a\\\r\nb'", "'a\\\rb'", #"'\x41\u0042'"#, #"'\/'"#,
            "'a\u{2028}b'", #"'\ud83d\ude00'"#, #"'é😀'"#, #"'\t\b\f\n\r'"#, "''", "\"\"",
        ]
        for text in strings {
            assertSameDecoding(String.self, text, configure: configure)
            assertSameDecoding([String].self, "[\(text)]", configure: configure)
        }
        for text in ["'a", #"'\0'"#, #"'\v'"#, #"'\q'"#, "'a\nb'", "'a\tb'", #"'\x00'"#, #"'\u00'"#] {
            assertSameDecoding(String.self, text, configure: configure)
        }
        // An escaped NUL is refused in JSON5 only; `\u0001` and a 0 among other digits are not.
        for text in [#"'a\u0000b'"#, #""\u0000""#, #"'\u0001'"#, #"'\u0100'"#, #"'\u000'"#] {
            assertSameDecoding(String.self, text, configure: configure)
            assertSameDecoding([String: String].self, "{v: \(text)}", configure: configure)
        }
        assertSameDecoding(String.self, #""\u0000""#)
    }

    @Test(arguments: JSONParser.allCases)
    func topLevelDictionary(parser: JSONParser) {
        let configure = Self.json5(parser, topLevelDictionary: true)
        for text in [
            "a:1, b:2", "{a:1}", "", "  ", "a:1,", "a:1} ", "{a:1", "[1]", "1", "\"a\":1", "// c\na:1", "a:1,}",
            "a:1 b:2",
        ] {
            assertSameDecoding([String: Int].self, text, configure: configure)
        }
        assertSameDecoding(Pair.self, "a: 1, b: 'x'", configure: configure)
    }

    /// Values Foundation rejects only when read: a document with them decodes while nobody
    /// reads them (in `JSONDecoder` as in FastJSONDecoder).
    @Test(arguments: JSONParser.allCases)
    func malformedNumbersFailOnlyWhenRead(parser: JSONParser) {
        let configure = Self.json5(parser)
        for bad in ["01", "Infx", "0x", ".", "0x1.8", "1e999"] {
            assertSameDecoding(Pair.self, "{a:1, c:\(bad)}", configure: configure)
            assertSameDecoding(Pair.self, "{a:\(bad)}", configure: configure)
        }
        // `1e+` traps inside JSONDecoder when read as a Double; FastMap reports it.
        let decoder = FastJSONDecoder()
        decoder.allowsJSON5 = true
        #expect(throws: DecodingError.self) { try decoder.decode([Double].self, from: Data("[1e+]".utf8)) }
        #expect((try? decoder.decode(Pair.self, from: Data("{a:1, c:1e+}".utf8))) == Pair(a: 1))
    }

    /// Without the switch, JSON5 is a syntax error, also under `assumesTopLevelDictionary`
    /// (which reads strict JSON then, `TopLevelDictionaryTests`).
    @Test func offByDefault() {
        assertSameDecoding([String: Int].self, "{a:1}")
        assertSameDecoding([String: Int].self, "a:1") { fast, foundation in
            fast.assumesTopLevelDictionary = true
            foundation.assumesTopLevelDictionary = true
        }
        #expect(!FastJSONDecoder().allowsJSON5 && !JSON.ReadingOptions().allowsJSON5)
    }

    @Test(arguments: JSONParser.allCases)
    func jsonValues(parser: JSONParser) throws {
        let options = JSON.ReadingOptions(parser: parser, allowsJSON5: true)
        let json = try JSON(
            string: "{a: 0x10, 'b': [.5, +1,], c: Infinity, d: 'x\\'y', /* c */ e: -NaN}", options: options)
        #expect(json["a"]?.int == 16)
        #expect(json["b"]?[0]?.double == 0.5 && json["b"]?[1]?.int == 1)
        #expect(json["c"]?.double == .infinity && json["c"]?.numberText == "Infinity")
        #expect(json["e"]?.double?.isNaN == true)
        #expect(json["d"]?.string == "x'y")
        #expect(throws: FastMapError.self) { try json.data() }  // Infinity is no JSON number
        let plain = try JSON(string: "{a: 0x10, b: [.5, +1,]}", options: options)
        #expect(String(decoding: try plain.data(), as: UTF8.self) == #"{"a":16,"b":[0.5,1]}"#)
        #expect(throws: FastMapError.self) { try JSON(string: "{a: 01}", options: options) }
        let top = try JSON(
            string: "a: 1, b: 2", options: .init(parser: parser, allowsJSON5: true, assumesTopLevelDictionary: true))
        #expect(top["b"]?.int == 2)
        #expect(throws: FastMapError.self) { try JSON(string: "{a: 1}") }
    }

    /// Errors point into the JSON5 text, also those the strict parser finds after translation.
    @Test func errorLocationsAreInTheOriginalText() throws {
        let options = JSON.ReadingOptions(allowsJSON5: true)
        do {
            _ = try JSON(string: "{\n  // comment\n  a: 'x',\n  b: 'é\\ud800', c: 1,\n}", options: options)
            Issue.record("accepted")
        } catch {
            #expect(error.location?.line == 4)
        }
        do {
            _ = try JSON(string: "[1,\n  /* c */ tru]", options: options)
            Issue.record("accepted")
        } catch {
            #expect(error.location?.line == 2)
            #expect((11...14).contains(error.location?.column ?? 0))  // at or just after `tru`
        }
    }
}
