import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// The error funnel every module uses (`CodingErrors`): the case, coding path and underlying
/// error are kept as given, and descriptions are worded one way everywhere.
@Suite struct CodingErrorsTests {
    static let path: [any CodingKey] = [FastCodingKey(stringValue: "a"), FastCodingKey(intValue: 2)]
    static let underlying = FastMapError(kind: .typeMismatch, message: "expected Int, found string \"x\"")

    static func parts(_ error: DecodingError) -> (case: String, path: [String], text: String, underlying: String?) {
        let name: String
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(let type, let inner): (name, context) = ("typeMismatch \(type)", inner)
        case .valueNotFound(let type, let inner): (name, context) = ("valueNotFound \(type)", inner)
        case .keyNotFound(let key, let inner): (name, context) = ("keyNotFound \(key.stringValue)", inner)
        case .dataCorrupted(let inner): (name, context) = ("dataCorrupted", inner)
        @unknown default: (name, context) = ("unknown", .init(codingPath: [], debugDescription: ""))
        }
        return (
            name, context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }, context.debugDescription,
            context.underlyingError.map { "\($0)" }
        )
    }

    @Test func fastMapWordingDropsTheFinalPeriodOnlyBeforeAnUnderlyingError() {
        let with = Self.parts(
            CodingErrors.typeMismatch(Int.self, at: Self.path, "Expected Int.", underlying: Self.underlying))
        #expect(with.case == "typeMismatch Int")
        #expect(with.path == ["a", "[2]"])
        #expect(with.text == "Expected Int")
        #expect(with.underlying == "\(Self.underlying)")
        // The standard library adds the period back when it prints the error.
        #expect(
            "\(CodingErrors.dataCorrupted(at: [], "Bad.", underlying: Self.underlying))".contains("Bad. Underlying"))

        #expect(Self.parts(CodingErrors.valueNotFound(Int.self, at: [], "No value.")).text == "No value.")
        #expect(
            Self.parts(CodingErrors.dataCorrupted(at: [], "Wait...", underlying: Self.underlying)).text == "Wait...")
        let verbatim = CodingErrors.dataCorrupted(at: [], "Kept.", underlying: Self.underlying, wording: .verbatim)
        #expect(Self.parts(verbatim).text == "Kept.")
    }

    @Test func replacingTheContextKeepsTheCaseAndItsTypeOrKey() {
        let originals: [DecodingError] = [
            CodingErrors.typeMismatch(String.self, at: [], "a"),
            CodingErrors.valueNotFound(Double.self, at: [], "b"),
            CodingErrors.keyNotFound(FastCodingKey(stringValue: "id"), at: [], "c"),
            CodingErrors.dataCorrupted(at: [], "d"),
        ]
        let expected = ["typeMismatch String", "valueNotFound Double", "keyNotFound id", "dataCorrupted"]
        for (original, name) in zip(originals, expected) {
            let replaced = Self.parts(
                CodingErrors.replacingContext(of: original, at: Self.path, "New.", underlying: Self.underlying))
            #expect(replaced.case == name)
            #expect(replaced.path == ["a", "[2]"])
            #expect(replaced.text == "New")
            #expect(replaced.underlying != nil)
        }
    }

    @Test func invalidJSONNamesTheLocation() {
        let parse = FastMapError(
            kind: .syntax, message: "unexpected end of input: the document is truncated",
            location: .init(line: 1, column: 2, offset: 1))
        let whole = Self.parts(CodingErrors.invalidJSON(parse))
        #expect(whole.case == "dataCorrupted")
        #expect(whole.path.isEmpty)
        // Foundation's text; the location is said once, by the underlying error.
        #expect(whole.text == "The given data was not valid JSON")
        #expect(
            whole.underlying
                == "syntax at $: unexpected end of input: the document is truncated (line 1, column 2 (byte 1))")
        #expect(Self.parts(CodingErrors.invalidJSON(parse, at: Self.path)).path == ["a", "[2]"])
    }

    @Test func fastMapErrorsBecomeTheCaseOfTheirKind() {
        let located = FastMapError(kind: .invalidValue, message: "m")
        let key = FastCodingKey(stringValue: "b")
        let kinds: [(FastMapError, String, String)] = [
            (
                FastMapError(kind: .keyNotFound, message: "m", path: [.key("a"), .key("b")], key: "b"), "keyNotFound b",
                #"No value associated with key \#(key) ("b")"#
            ),
            (
                FastMapError(kind: .typeMismatch, message: "m", expectedType: "Int", foundKind: .string),
                "typeMismatch Any", "Expected to decode Int but found a string instead"
            ),
            (
                FastMapError(kind: .valueNotFound, message: "m", expectedType: "Int"), "valueNotFound Any",
                "Cannot get value of type Int -- found null value instead"
            ),
            (FastMapError(kind: .numberOutOfRange, message: "m"), "dataCorrupted", "The given data was not valid JSON"),
        ]
        for (error, name, text) in kinds {
            let parts = Self.parts(CodingErrors.decodingError(error, at: Self.path, underlying: located))
            #expect(parts.case == name)
            // Foundation's words for the case; the error itself, which says the rest, is underlying.
            #expect(parts.text == text)
            #expect(parts.underlying == "\(located)")
            #expect(parts.path == ["a", "[2]"])
        }
    }

    @Test func encodingErrorsKeepTheirWords() {
        let error = CodingErrors.invalidValue(
            Double.nan, at: Self.path, "Unable to encode Double.nan directly in JSON.")
        guard case .invalidValue(_, let context) = error else {
            Issue.record("wrong case: \(error)")
            return
        }
        #expect(context.debugDescription == "Unable to encode Double.nan directly in JSON.")
        #expect(context.codingPath.count == 2)
        #expect(context.underlyingError == nil)
    }
}
