import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// What FastJSONDecoder's errors say beyond the case and coding path that the differential
/// suites compare: descriptions, the underlying FastMapError, syntax locations, depth limits,
/// and that bad input of any shape throws instead of crashing.
@Suite("FastJSONDecoder errors")
struct DecoderErrorTests {
    private func decodeFailure<T: Decodable>(
        _ type: T.Type, _ json: String, _ decoder: FastJSONDecoder = FastJSONDecoder()
    ) throws -> (DecodingFailure, FastMapError) {
        do {
            _ = try decoder.decode(type, from: Data(json.utf8))
        } catch let error as DecodingError {
            let failure = DecodingFailure(error)
            return (failure, try #require(failure.underlyingError as? FastMapError))
        }
        Issue.record("\(json) decoded as \(T.self)")
        throw CancellationError()
    }

    @Test func typeMismatchNamesExpectedAndFound() throws {
        let (failure, error) = try decodeFailure(
            Outer.self, #"{"id":1,"child":{"name":"c","count":"abc","ratio":1,"flag":true},"list":[]}"#)
        #expect(failure.kind == "typeMismatch")
        // Foundation's text, without its closing period: the standard library adds one before
        // the underlying error it prints.
        #expect(failure.debugDescription == "Expected to decode Int but found a string instead")
        #expect("\(error)" == "typeMismatch at $.child.count: expected Int, found string")
        #expect(error.kind == .typeMismatch)
        #expect(error.pathDescription == "$.child.count")
        #expect(error.expectedType == "Int")
        #expect(error.foundKind == .string)
        #expect(error.foundSnippet == #""abc""#)
        #expect(error.node?.string == "abc")
        #expect(error.root?["id"]?.int == 1)
    }

    @Test func snippetsAreShort() throws {
        let long = String(repeating: "x", count: 500)
        let (failure, error) = try decodeFailure(Int.self, #"{"k":"\#(long)"}"#)
        #expect(failure.debugDescription.count < 120)
        #expect(try #require(error.foundSnippet).count < 60)
        #expect(error.foundKind == .object)
    }

    @Test func valueNotFoundAndKeyNotFound() throws {
        let (null, nullError) = try decodeFailure([Simple].self, #"[{"name":null,"count":1,"ratio":1,"flag":true}]"#)
        #expect(null.kind == "valueNotFound")
        #expect(null.debugDescription == "Cannot get value of type String -- found null value instead")
        #expect(nullError.pathDescription == "$[0].name")
        #expect(nullError.foundKind == .null)

        let (missing, missingError) = try decodeFailure([Simple].self, #"[{"name":"a","ratio":1,"flag":true}]"#)
        #expect(missing.kind == "keyNotFound")
        #expect(missing.codingPath.map(\.description) == ["Index 0#0"])
        #expect(missing.debugDescription.hasPrefix("No value associated with key "))
        #expect(missing.debugDescription.hasSuffix(#" ("count")"#))
        #expect(missingError.foundSnippet == #"{"name":"a","ratio":1,"flag":true}"#)
        #expect(missingError.key == "count")
        #expect(missingError.pathDescription == "$[0].count")

        let (atEnd, atEndError) = try decodeFailure(Row.self, #"["ann"]"#)
        #expect(atEnd.kind == "valueNotFound")
        #expect(atEnd.codingPath.map(\.description) == ["Index 1#1"])
        #expect(atEndError.pathDescription == "$[1]")
    }

    @Test func unrepresentableNumbersKeepTheirPath() throws {
        // JSONDecoder reports these as invalid JSON with an empty coding path; the path is in
        // the underlying error.
        let (failure, error) = try decodeFailure([String: [Int]].self, #"{"a":[1,1.5]}"#)
        #expect(failure.kind == "dataCorrupted")
        #expect(failure.codingPath.isEmpty)
        #expect(failure.debugDescription == "The given data was not valid JSON")
        #expect("\(error)" == "numberOutOfRange at $.a[1]: the number does not fit in Int")
        #expect(error.foundSnippet == "1.5")
        #expect(error.kind == .numberOutOfRange)
        #expect(error.pathDescription == "$.a[1]")
        #expect(error.expectedType == "Int")
        let (_, tooBig) = try decodeFailure(UInt8.self, "256")
        #expect(tooBig.foundSnippet == "256")
    }

    @Test func syntaxErrorsSayWhere() throws {
        let (failure, error) = try decodeFailure(Simple.self, "{\n  \"name\": \"a\",\n  \"count\": tru\n}")
        #expect(failure.kind == "dataCorrupted")
        #expect(failure.codingPath.isEmpty)
        #expect(error.kind == .syntax)
        let location = try #require(error.location)
        #expect(location.line == 3)
        #expect(location.offset > 20)
        #expect(failure.debugDescription == "The given data was not valid JSON")
        #expect("\(error)" == "syntax at $: invalid string (line 3, column 15 (byte 31))")
        let (empty, _) = try decodeFailure(Int.self, "")
        #expect(empty.kind == "dataCorrupted")
    }

    @Test func invalidUTF8IsASyntaxError() throws {
        do {
            _ = try FastJSONDecoder().decode(String.self, from: Data([0x22, 0xC3, 0x28, 0x22]))
            Issue.record("invalid UTF-8 decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.isEmpty)
            #expect((context.underlyingError as? FastMapError)?.location?.offset != nil)
        }
    }

    @Test func errorsFromOutsideFastMapGetAnUnderlyingError() throws {
        let (color, colorError) = try decodeFailure([Color].self, #"["red","purple"]"#)
        #expect(color.kind == "dataCorrupted")
        #expect(color.debugDescription.contains("purple"))
        #expect(colorError.pathDescription == "$[1]")
        #expect(colorError.foundSnippet == #""purple""#)
        let (shape, shapeError) = try decodeFailure(DecodedShape.self, #"{"circle":{},"empty":{}}"#)
        #expect(shape.kind == "typeMismatch")
        #expect(shapeError.foundKind == .object)
        let (key, keyError) = try decodeFailure([Int: Int].self, #"{"1":1,"x":2}"#)
        #expect(key.codingPath.map(\.stringValue) == ["x"])
        #expect(keyError.pathDescription == "$.x")
        #expect(keyError.foundSnippet == "2")
    }

    @Test func depthLimits() throws {
        let limit = JSON.defaultMaximumDepth
        let ok = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try FastJSONDecoder().decode(AnyValue.self, from: Data(ok.utf8)) }
        let deep = "[" + ok + "]"
        let (failure, error) = try decodeFailure(AnyValue.self, deep)
        #expect(failure.kind == "dataCorrupted")
        #expect(error.kind == .depthLimit)
        let shallow = FastJSONDecoder()
        shallow.maximumDepth = 10
        #expect(throws: DecodingError.self) {
            try shallow.decode(
                AnyValue.self, from: Data((String(repeating: "[", count: 11) + String(repeating: "]", count: 11)).utf8))
        }
    }

    /// A recursive model that lets errors through (AnyValue swallows them with `try?`).
    indirect enum Nest: Decodable {
        case leaf(Int)
        case list([Nest])

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let value = try? single.decode(Int.self) {
                self = .leaf(value)
            } else {
                self = .list(try single.decode([Nest].self))
            }
        }
    }

    @Test func deepTreesBuiltInCodeStopAtTheLimit() throws {
        var json: JSON = [1]
        for _ in 0..<5000 { json = JSON(array: [json]) }
        do {
            _ = try FastJSONDecoder().decode(Nest.self, from: json)
            Issue.record("a 5000-level tree decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect((context.underlyingError as? FastMapError)?.kind == .depthLimit)
            #expect(context.codingPath.count == JSON.defaultMaximumDepth + 1)
        }
    }

    /// Every byte of a valid payload replaced by each of a few troublesome bytes, and every
    /// prefix: each input decodes or throws a DecodingError with a FastMapError inside.
    @Test func mutatedInputsNeverCrash() {
        let valid = Array(
            #"{"id":1,"child":{"name":"é","count":2,"ratio":2.5e1,"flag":false},"list":[{"name":"x","count":3,"ratio":0,"flag":true}],"tags":["\u0041"]}"#
                .utf8)
        var inputs: [[UInt8]] = (0...valid.count).map { Array(valid.prefix($0)) }
        for index in valid.indices {
            for byte in [0x00, 0x22, 0x5C, 0x7B, 0x5D, 0x2C, 0x2D, 0x39, 0x65, 0xFF, 0xC3] as [UInt8] {
                var mutated = valid
                mutated[index] = byte
                inputs.append(mutated)
            }
        }
        var decoded = 0
        for input in inputs {
            do {
                _ = try FastJSONDecoder().decode(Outer.self, from: input)
                decoded += 1
            } catch let error as DecodingError {
                if DecodingFailure(error).underlyingError as? FastMapError == nil {
                    Issue.record("no FastMapError for \(String(decoding: input, as: UTF8.self))")
                }
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(decoded > 0 && decoded < inputs.count)
    }

    /// Models that keep a decoder to decode from later (as some lazy wrappers do).
    final class Deferred: Decodable, @unchecked Sendable {
        let later: any Decoder
        let itself: any Decoder
        init(from decoder: any Decoder) throws {
            later = try decoder.container(keyedBy: FastCodingKeyForTests.self)
                .superDecoder(forKey: FastCodingKeyForTests(stringValue: "v"))
            itself = decoder
        }
    }

    @Test func decodersKeptByModelsStaySafe() throws {
        let input = Data(#"{"v":[0.30000000000000001, 2, 1e-400]}"#.utf8)
        let deferred = try FastJSONDecoder().decode(Deferred.self, from: input)
        var later = try deferred.later.unkeyedContainer()
        #expect(try later.decode(Decimal.self).description == "0.30000000000000001")
        #expect(try later.decode(Int.self) == 2)
        #expect(throws: DecodingError.self) { try later.decode(Double.self) }
        #expect(deferred.itself.codingPath.isEmpty)
    }

    @Test func bothParsersDecodeAlike() throws {
        let janssonDecoder = FastJSONDecoder()
        janssonDecoder.parser = .jansson
        for json in [
            #"{"i":1,"i8":-128,"i16":1,"i32":1,"i64":1,"u":18446744073709551615,"u8":1,"u16":1,"u32":1,"u64":18446744073709551615}"#,
            #"{"i":1,"i8":-129,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":1}"#,
        ] {
            let viaYajl = Result { try FastJSONDecoder().decode(Integers.self, from: Data(json.utf8)) }
            let viaJansson = Result { try janssonDecoder.decode(Integers.self, from: Data(json.utf8)) }
            #expect((try? viaYajl.get()) == (try? viaJansson.get()))
        }
        #expect(
            try janssonDecoder.decode(Decimal.self, from: Data("3.14159265358979323846".utf8)).description
                == "3.14159265358979323846")
        #expect(throws: DecodingError.self) { try janssonDecoder.decode([Int].self, from: Data("[1,".utf8)) }
    }
}
