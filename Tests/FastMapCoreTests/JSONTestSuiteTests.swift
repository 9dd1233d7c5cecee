import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// The public JSONTestSuite corpus (`../shared/json-test-suite`): `y_` files must parse and
/// round-trip, `n_` files must be rejected with a `FastMapError`, `i_` files are recorded so a
/// change in behaviour is noticed. Skipped with a notice when the corpus is absent; the
/// project's own fixtures (ParsingParityTests) cover the same rules without it.
@Suite struct JSONTestSuiteTests {
    static let files: [URL] = {
        guard let folder = SharedData.testParsingFolder else {
            print("notice: ../shared/json-test-suite not found; JSONTestSuite cases skipped")
            return []
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    static func files(prefix: String) -> [URL] { files.filter { $0.lastPathComponent.hasPrefix(prefix) } }

    /// What FastMap does with each implementation-defined case: `true` = accepted.
    /// Numbers beyond `UInt64` or `Double` are kept as written (a document never fails for a
    /// number's size; JSONSerialization falls back to NSDecimalNumber there); underflow becomes 0 as in
    /// Foundation; every encoding problem is rejected, as Foundation's JSONDecoder does.
    static let implementationDefined: [String: Bool] = [
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_second_surrogate.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        "i_structure_500_nested_arrays.json": true,
        "i_structure_UTF-8_BOM_empty_object.json": false,
    ]

    /// Every case runs in strict RFC 8259 mode and in the default mode (trailing commas allowed).
    static let modes: [Bool] = [false, true]

    @Test(arguments: JSONParser.allCases, modes)
    func acceptedFilesParseAndRoundTrip(parser: JSONParser, allowsTrailingCommas: Bool) throws {
        for url in Self.files(prefix: "y_") {
            let data = try Data(contentsOf: url)
            let json: JSON
            do {
                json = try JSON(data: data, options: .init(parser: parser, allowsTrailingCommas: allowsTrailingCommas))
            } catch {
                Issue.record("\(url.lastPathComponent) should parse: \(error)")
                continue
            }
            let written = try json.data()
            let reparsed = try JSON(data: written, options: .init(parser: parser))
            #expect(
                reparsed == json, "\(url.lastPathComponent) round trip: \(String(decoding: written, as: UTF8.self))")
        }
    }

    /// Strict mode rejects every `n_` file. The default mode rejects the same files except those
    /// `JSONSerialization` accepts (the three with a trailing comma), checked against it here.
    @Test(arguments: JSONParser.allCases, modes)
    func rejectedFilesThrow(parser: JSONParser, allowsTrailingCommas: Bool) throws {
        for url in Self.files(prefix: "n_") {
            let data = try Data(contentsOf: url)
            let foundation = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            let foundationAccepts = foundation != nil
            do {
                let json = try JSON(
                    data: data, options: .init(parser: parser, allowsTrailingCommas: allowsTrailingCommas))
                if allowsTrailingCommas, let foundation {
                    #expect(json == (try? JSON(foundationObject: foundation)), "\(url.lastPathComponent)")
                    continue
                }
                Issue.record("\(url.lastPathComponent) should be rejected, parsed as \(json)")
            } catch {
                #expect(
                    !(allowsTrailingCommas && foundationAccepts),
                    "\(url.lastPathComponent): JSONSerialization accepts it, FastMap: \(error)")
                #expect(error.location != nil, "\(url.lastPathComponent): \(error) has no location")
                #expect(error.location!.offset <= data.count)
            }
        }
    }

    @Test(arguments: JSONParser.allCases, modes)
    func implementationDefinedFilesBehaveAsRecorded(parser: JSONParser, allowsTrailingCommas: Bool) throws {
        let files = Self.files(prefix: "i_")
        for url in files {
            let name = url.lastPathComponent
            guard let expected = Self.implementationDefined[name] else {
                Issue.record("\(name) is new: record what FastMap does with it")
                continue
            }
            let options = JSON.ReadingOptions(parser: parser, allowsTrailingCommas: allowsTrailingCommas)
            let accepted = (try? JSON(data: Data(contentsOf: url), options: options)) != nil
            #expect(accepted == expected, "\(name): accepted = \(accepted)")
        }
    }

    /// Every engine must build the same trees and report the same errors as yajl, in both modes.
    @Test(arguments: modes)
    func enginesAgreeOnEveryFile(allowsTrailingCommas: Bool) throws {
        for url in Self.files {
            let data = try Data(contentsOf: url)
            let yajl = Result {
                try JSON(data: data, options: .init(parser: .yajl, allowsTrailingCommas: allowsTrailingCommas))
            }
            for parser in JSONParser.allCases where parser != .yajl {
                let other = Result {
                    try JSON(data: data, options: .init(parser: parser, allowsTrailingCommas: allowsTrailingCommas))
                }
                switch (yajl, other) {
                case (.success(let a), .success(let b)):
                    #expect(a == b, "\(url.lastPathComponent) (\(parser))")
                    #expect(try a.data() == b.data(), "\(url.lastPathComponent) (\(parser))")
                case (.failure(let a as FastMapError), .failure(let b as FastMapError)):
                    #expect(
                        a.kind == b.kind && a.location == b.location && a.message == b.message,
                        "\(url.lastPathComponent) (\(parser))")
                default:
                    Issue.record("\(url.lastPathComponent): yajl and \(parser) disagree: \(yajl) vs \(other)")
                }
            }
        }
    }
}
