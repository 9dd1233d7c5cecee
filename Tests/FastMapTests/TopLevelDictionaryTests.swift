import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// `assumesTopLevelDictionary` without JSON5: `JSONDecoder` reads strict JSON whose top-level
/// object has no braces, so FastJSONDecoder must too (compared in the same process).
@Suite struct TopLevelDictionaryTests {
    static func strict(_ parser: JSONParser, trailingCommas: Bool = true) -> (FastJSONDecoder, JSONDecoder) -> Void {
        { fast, foundation in
            fast.parser = parser
            fast.allowsTrailingCommas = trailingCommas
            fast.assumesTopLevelDictionary = true
            foundation.assumesTopLevelDictionary = true
        }
    }

    private struct Reading: Codable, Equatable {
        var x: Double
        var label: String?
    }

    /// Every text ends in a space: `JSONDecoder` 6.3.1 reads past the end of a number that ends
    /// a brace-less input (and may trap), so the comparison never lets it; FastMap's own reading
    /// of such numbers is `numbersThatEndTheInput`.
    @Test(arguments: JSONParser.allCases)
    func braceLessMembersAreAnObject(parser: JSONParser) {
        let configure = Self.strict(parser)
        for text in [
            #""x" : 42"#, #" "x":1, "y":2"#, #"{"x" : 42}"#, "", "  ", "\n\t", #""x":1,"#, #""x":1 }"#, #"{"x":1"#,
            #""x""#, #""x":"#, #""x" 1"#, "1", "[1]", #""only a string""#, #""x":1, "x":2"#, #""x":1,,"#, "x:1",
            #"// c"# + "\n" + #""x":1"#, #""x":1 "y":2"#, #"  {"x":1}"#, #"{"x":1}, "y":2"#,
        ] {
            assertSameDecoding([String: Int].self, text + " ", configure: configure)
            assertSameDecoding(AnyDecodable.self, text + " ", configure: configure)
        }
        for text in [#""x" : 1.5"#, #""x": 1e3"#, #""x": -0"#, #""x": 123456789012345678901234567890"#] {
            assertSameDecoding([String: Double].self, text + " ", configure: configure)
            assertSameDecoding([String: Decimal].self, text + " ", configure: configure)
        }
        assertSameDecoding(Reading.self, #""label": "a", "x": 2.25 "#, configure: configure)
        assertSameDecoding(Reading.self, #""label": 3, "x": 2.25 "#, configure: configure)
        assertSameDecoding(Reading.self, #""x": "2.25" "#, configure: configure)
    }

    /// A number that ends the input is read whole (the case Foundation fixed after 6.3.1).
    @Test(arguments: JSONParser.allCases)
    func numbersThatEndTheInput(parser: JSONParser) throws {
        let decoder = FastJSONDecoder()
        decoder.parser = parser
        decoder.assumesTopLevelDictionary = true
        #expect(try decoder.decode([String: Int].self, from: Data(#""x" : 42"#.utf8)) == ["x": 42])
        #expect(try decoder.decode([String: Double].self, from: Data(#""x": 1.5"#.utf8)) == ["x": 1.5])
        let digits = "123456789012345678901234567890.25"
        let exact = try decoder.decode([String: Decimal].self, from: Data(#""x": \#(digits)"#.utf8))
        #expect(exact == ["x": Decimal(string: digits)!])
        decoder.allowsJSON5 = true
        #expect(try decoder.decode([String: Double].self, from: Data(#""x" : 1."#.utf8)) == ["x": 1])
    }

    /// Strict RFC 8259 still applies to the members: only the braces may be left out.
    @Test(arguments: JSONParser.allCases)
    func strictModeKeepsRejectingTrailingCommas(parser: JSONParser) throws {
        let decoder = FastJSONDecoder()
        decoder.parser = parser
        decoder.assumesTopLevelDictionary = true
        decoder.allowsTrailingCommas = false
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: Data(#""x":1,"#.utf8)) }
        #expect(try decoder.decode([String: Int].self, from: Data(#""x":1"#.utf8)) == ["x": 1])
    }

    /// A syntax error points into the text as given, not into the braced copy.
    @Test(arguments: JSONParser.allCases)
    func errorLocationsAreInTheOriginalText(parser: JSONParser) throws {
        let options = JSON.ReadingOptions(parser: parser, assumesTopLevelDictionary: true)
        do {
            _ = try JSON(string: "\"a\": 1,\n\"b\": tru", options: options)
            Issue.record("accepted")
        } catch {
            #expect(error.location?.line == 2)
            #expect((6...9).contains(error.location?.column ?? 0), "\(error)")  // at or just after `tru`
        }
        let decoder = FastJSONDecoder()
        decoder.parser = parser
        decoder.assumesTopLevelDictionary = true
        do {
            _ = try decoder.decode([String: Int].self, from: Data("\"a\" 1".utf8))
            Issue.record("accepted")
        } catch let DecodingError.dataCorrupted(context) {
            let location = (context.underlyingError as? FastMapError)?.location
            #expect(location?.line == 1 && (4...6).contains(location?.column ?? 0), "\(context)")
        }
    }

    /// `JSON(data:options:)` has the same switch, and numbers keep their text.
    @Test(arguments: JSONParser.allCases)
    func jsonValues(parser: JSONParser) throws {
        let options = JSON.ReadingOptions(parser: parser, assumesTopLevelDictionary: true)
        let json = try JSON(string: #""a": 1, "b": [true], "c": 123456789012345678901234567890"#, options: options)
        #expect(json["a"]?.int == 1 && json["b"]?[0]?.bool == true)
        #expect(json["c"]?.numberText == "123456789012345678901234567890")
        #expect(try JSON(string: "  ", options: options) == [:])
        #expect(try JSON(string: #"{"a": 1}"#, options: options)["a"]?.int == 1)
        #expect(throws: FastMapError.self) { try JSON(string: #""a": 1}"#, options: options) }
        #expect(throws: FastMapError.self) { try JSON(string: #"{"a": 1"#, options: options) }
        #expect(throws: FastMapError.self) { try JSON(string: #""a": 1"#) }
    }
}
