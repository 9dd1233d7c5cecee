import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Each lossy coercion: off by default (exactly JSONDecoder's behaviour), and on, never
/// inventing a value.
@Suite("FastJSONDecoder lossy coercions")
struct DecoderLossyTests {
    private func decoder(_ coercions: FastJSONDecoder.LossyCoercions) -> FastJSONDecoder {
        let decoder = FastJSONDecoder()
        decoder.lossyCoercions = coercions
        return decoder
    }

    private func decode<T: Decodable>(
        _ type: T.Type, _ json: String, _ coercions: FastJSONDecoder.LossyCoercions
    ) throws -> T {
        try decoder(coercions).decode(type, from: Data(json.utf8))
    }

    /// The error case FastJSONDecoder throws, as a word.
    private func failure<T: Decodable>(
        _ type: T.Type, _ json: String, _ coercions: FastJSONDecoder.LossyCoercions
    ) -> String? {
        do {
            _ = try decode(type, json, coercions)
            return nil
        } catch let error as DecodingError {
            return DecodingFailure(error).kind
        } catch {
            return "other"
        }
    }

    @Test func offByDefault() {
        #expect(FastJSONDecoder().lossyCoercions == [])
        for json in [#"["42"]"#, #"[1.5]"#, #"["x"]"#] {
            assertSameDecoding([Int].self, json)
            assertSameDecoding([String].self, json)
            assertSameDecoding([Bool].self, json)
        }
        assertSameDecoding([Bool].self, "[0, 1]")
        assertSameDecoding([Bool].self, #"["true", "no"]"#)
        assertSameDecoding([Simple].self, #"[{"name":"a","count":1,"ratio":1,"flag":true}, 7]"#)
        assertSameDecoding(Decimal.self, #""1.5""#)
    }

    @Test func numbersFromStrings() throws {
        let on: FastJSONDecoder.LossyCoercions = .numbersFromStrings
        #expect(try decode([Int].self, #"["42", "-7", "1.0", "1e2", 5]"#, on) == [42, -7, 1, 100, 5])
        #expect(try decode([Double].self, #"["-1.5e3", "0.1", "-0"]"#, on) == [-1500, 0.1, 0])
        #expect(try decode([Float].self, #"["3.25"]"#, on) == [3.25])
        #expect(try decode(UInt64.self, #""18446744073709551615""#, on) == .max)
        #expect(try decode(Int8.self, #""-128""#, on) == -128)
        #expect(try decode(Decimal.self, #""3.14159265358979323846""#, on).description == "3.14159265358979323846")
        // A number that does not fit is still an error; a string that is no number is still a
        // type mismatch.
        #expect(failure(Int.self, #""1.5""#, on) == "dataCorrupted")
        #expect(failure(UInt8.self, #""256""#, on) == "dataCorrupted")
        #expect(failure(UInt.self, #""-1""#, on) == "dataCorrupted")
        #expect(failure(Float.self, #""1e39""#, on) == "dataCorrupted")
        #expect(failure(Double.self, #""1e400""#, on) == "dataCorrupted")
        #expect(failure(Decimal.self, #""1e-400""#, on) == "dataCorrupted")
        for notANumber in [#""abc""#, #"" 42""#, #""+5""#, #""0x10""#, #""""#, #""1.""#, #""01""#, #""NaN""#] {
            #expect(failure(Int.self, notANumber, on) == "typeMismatch", "\(notANumber)")
            #expect(failure(Double.self, notANumber, on) == "typeMismatch", "\(notANumber)")
        }
        // Other coercions stay off.
        #expect(failure(String.self, "1", on) == "typeMismatch")
        #expect(failure(Bool.self, #""true""#, on) == "typeMismatch")
    }

    @Test func numbersFromStringsInModels() throws {
        let on: FastJSONDecoder.LossyCoercions = .numbersFromStrings
        let json = #"{"name":"a","count":"3","ratio":"0.25","flag":true,"note":null}"#
        #expect(try decode(Simple.self, json, on) == Simple(name: "a", count: 3, ratio: 0.25, flag: true, note: nil))
        let optionals = try decode(OptionalScalars.self, #"{"i":"4","u8":"255","f":"1.5"}"#, on)
        #expect(optionals.i == 4 && optionals.u8 == 255 && optionals.f == 1.5)
        #expect(failure(Integers.self, #"{"i":"1","i8":"200"}"#, on) == "dataCorrupted")
    }

    @Test func nonConformingStringsComeBeforeNumbers() throws {
        let decoder = decoder(.numbersFromStrings)
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "1", negativeInfinity: "-inf", nan: "nan")
        #expect(try decoder.decode([Double].self, from: Data(#"["1", "2"]"#.utf8)) == [.infinity, 2])
    }

    @Test func stringsFromNumbers() throws {
        let on: FastJSONDecoder.LossyCoercions = .stringsFromNumbers
        #expect(
            try decode(
                [String].self, #"[42, -7, 1.5, 0.1, 1e300, 18446744073709551615, -9223372036854775808, "s"]"#, on)
                == ["42", "-7", "1.5", "0.1", "1e+300", "18446744073709551615", "-9223372036854775808", "s"])
        #expect(try decode(Simple.self, #"{"name":7,"count":1,"ratio":1,"flag":true,"note":2.5}"#, on).note == "2.5")
        #expect(failure(String.self, "true", on) == "typeMismatch")
        #expect(failure(String.self, "null", on) == "valueNotFound")
        #expect(failure(String.self, "[1]", on) == "typeMismatch")
        #expect(failure(Int.self, #""1""#, on) == "typeMismatch")
    }

    @Test func boolsFromNumbers() throws {
        let on: FastJSONDecoder.LossyCoercions = .boolsFromNumbers
        #expect(try decode([Bool].self, "[0, 1, 1.0, -0, true]", on) == [false, true, true, false, true])
        for json in ["2", "-1", "0.5", #""1""#, "null"] {
            #expect(failure(Bool.self, json, on) == "typeMismatch", "\(json)")
        }
    }

    @Test func boolsFromStrings() throws {
        let on: FastJSONDecoder.LossyCoercions = .boolsFromStrings
        #expect(
            try decode([Bool].self, #"["true", "FALSE", "Yes", "no", "nO", false]"#, on)
                == [true, false, true, false, false, false])
        for json in [#""y""#, #""""#, #""1""#, #"" true""#, #""truee""#, "1"] {
            #expect(failure(Bool.self, json, on) == "typeMismatch", "\(json)")
        }
    }

    @Test func skipInvalidArrayElements() throws {
        let on: FastJSONDecoder.LossyCoercions = .skipInvalidArrayElements
        #expect(try decode([Int].self, #"[1, "x", 2.5, null, 3, {}]"#, on) == [1, 3])
        #expect(try decode([Int?].self, #"[1, null, "x"]"#, on) == [1, nil])
        #expect(try decode([[Int]].self, #"[[1, "a"], "b", [2]]"#, on) == [[1], [2]])
        let simples = try decode(
            [Simple].self,
            #"[{"name":"a","count":1,"ratio":1,"flag":true}, {"name":"b"}, 5, {"name":"c","count":2,"ratio":2,"flag":false}]"#,
            on)
        #expect(simples.map(\.name) == ["a", "c"])
        let outer = try decode(
            Outer.self,
            #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[null,{"name":"x","count":3,"ratio":0,"flag":true}],"tags":["t",1]}"#,
            on)
        #expect(outer.list.count == 1 && outer.tags == ["t"])
        // The array itself must still be an array.
        #expect(failure([Int].self, "null", on) == "valueNotFound")
        #expect(failure([Int].self, "{}", on) == "typeMismatch")
        #expect(
            failure(Outer.self, #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":{}}"#, on)
                == "typeMismatch")
        // Only arrays are lossy: a bad member of an element's object still drops that element,
        // a bad top-level field still fails.
        #expect(failure(Simple.self, #"{"name":"a","count":"1","ratio":1,"flag":true}"#, on) == "typeMismatch")
    }

    @Test func coercionsCombine() throws {
        let all = FastJSONDecoder.LossyCoercions.all
        for member in [
            FastJSONDecoder.LossyCoercions.numbersFromStrings, .stringsFromNumbers, .boolsFromNumbers,
            .boolsFromStrings,
            .skipInvalidArrayElements,
        ] {
            #expect(all.contains(member))
        }
        let simple = try decode(
            [Simple].self,
            #"[{"name":1,"count":"2","ratio":"3","flag":"yes"}, {"flag":2}, {"name":"n","count":1,"ratio":1,"flag":1}]"#,
            all)
        #expect(
            simple == [
                Simple(name: "1", count: 2, ratio: 3, flag: true, note: nil),
                Simple(name: "n", count: 1, ratio: 1, flag: true, note: nil),
            ])
    }
}
