import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// FastJSONDecoder and JSONDecoder side by side on containers, enums, keys, top-level values
/// and input encodings.
@Suite("FastJSONDecoder vs JSONDecoder: containers, keys and inputs")
struct DecoderDifferentialContainerTests {
    @Test(arguments: [
        #"{"byName":{"a":1,"b":2},"byNumber":{"1":"x","-2":"y","03":"z"}}"#,
        #"{"byName":{},"byNumber":{}}"#,
        #"{"byName":{"a":"1"},"byNumber":{}}"#,
        #"{"byName":{},"byNumber":{"x":"y"}}"#,
        #"{"byName":{},"byNumber":{"1":2}}"#,
        #"{"byName":{"1":"x"},"byNumber":{}}"#,
        #"{"byName":[],"byNumber":{}}"#,
        #"{"byName":{},"byNumber":[1,"a"]}"#,
    ])
    func dictionaries(_ json: String) {
        assertSameDecoding(Keyed.self, json)
    }

    @Test(arguments: [
        #"{"title":"t","position":{"x":1,"y":2},"values":[1,null,3]}"#,
        #"{"title":"t","position":{"x":1,"y":2},"values":[],"extra":0}"#,
        #"{"title":"t","position":{"x":1},"values":[]}"#,
        #"{"title":"t","position":{"x":1,"y":"2"},"values":[]}"#,
        #"{"title":"t","position":[1,2],"values":[]}"#,
        #"{"title":"t","position":null,"values":[]}"#,
        #"{"title":"t","position":{"x":1,"y":2},"values":[1,"2"]}"#,
        #"{"title":"t","position":{"x":1,"y":2},"values":{}}"#,
        #"{"title":"t","values":[]}"#,
    ])
    func nestedContainers(_ json: String) {
        assertSameDecoding(Handwritten.self, json)
    }

    @Test(arguments: [
        #"["ann",3,[1.5,2]]"#, #"["ann",3,[]]"#, #"["ann"]"#, #"["ann",3]"#, #"["ann",3,{}]"#,
        #"["ann",3,[1],true]"#, #"[1,3,[]]"#, #"{}"#, #"["ann",3,[null]]"#,
    ])
    func unkeyedRows(_ json: String) {
        assertSameDecoding(Row.self, json)
        assertSameDecoding([Row].self, "[\(json)]")
    }

    @Test(arguments: [
        #"{"name":"rex","legs":4}"#, #"{"name":"rex","super":{"legs":4}}"#,
        #"{"name":"rex","super":{"legs":4},"parent":7}"#, #"{"name":"rex","super":{"legs":"4"},"parent":7}"#,
        #"{"name":"rex","super":{"legs":4},"parent":"7"}"#, #"{"name":"rex","super":[]}"#, #"{"name":"rex"}"#,
    ])
    func superDecoders(_ json: String) {
        assertSameDecoding(DecodedDog.self, json)
        assertSameDecoding(Pair.self, #"[1,"a"]"#)
        assertSameDecoding(Pair.self, #"["1","a"]"#)
        assertSameDecoding(Pair.self, #"[]"#)
    }

    @Test(arguments: [
        #"{"circle":{"radius":1}}"#, #"{"rectangle":{"width":1,"height":2}}"#, #"{"empty":{}}"#,
        #"{"triangle":{}}"#, #"{"circle":{"radius":"1"}}"#, #"{"circle":{},"empty":{}}"#, #"{}"#,
    ])
    func enums(_ json: String) {
        assertSameDecoding(DecodedShape.self, json)
        assertSameDecoding([DecodedShape].self, "[\(json)]")
    }

    @Test func rawValueEnumsAndWrappers() {
        assertSameDecoding([Color].self, #"["red","blue"]"#)
        assertSameDecoding([Color].self, #"["red","purple"]"#)
        assertSameDecoding([Level].self, #"[1,2]"#)
        assertSameDecoding([Level].self, #"[1,3]"#)
        assertSameDecoding([Meters].self, #"[1.5,2]"#)
        assertSameDecoding([Meters].self, #"[1.5,"2"]"#)
        assertSameDecoding([String: Meters].self, #"{"a":1,"b":null}"#)
    }

    @Test(arguments: [
        "0", "-0", "1.5", "18446744073709551615", "-9223372036854775808", "1e300", #""\u00e9\ud83d\ude00""#,
        "[]", "{}", "null", "true", #"{"ключ":{"キー":[1,{"🔑":null}]}}"#, #"[1,[2,[3,[4,[5]]]]]"#,
    ])
    func anyValues(_ json: String) {
        assertSameDecoding(AnyValue.self, json)
    }

    @Test func unicodeKeys() {
        struct Unicode: Codable, Equatable {
            var café: Int
            var 名前: String
            var emoji😀: Bool
        }
        assertSameDecoding(Unicode.self, #"{"café":1,"名前":"x","emoji😀":true}"#)
        assertSameDecoding(Unicode.self, #"{"cafe\u0301":1,"名前":"x","emoji😀":true}"#)
        assertSameDecoding(Unicode.self, #"{"caf\u00e9":1,"\u540d\u524d":"x","emoji\ud83d\ude00":true}"#)
        assertSameDecoding(Unicode.self, #"{"café":1,"名前":2,"emoji😀":true}"#)
    }

    @Test func topLevelScalarsAndCollections() {
        assertSameDecoding(Int.self, "42")
        assertSameDecoding(Int.self, "1.5")
        assertSameDecoding(UInt8.self, "256")
        assertSameDecoding(UInt64.self, "18446744073709551615")
        assertSameDecoding(Double.self, "-0")
        assertSameDecoding(String.self, #""a\nb""#)
        assertSameDecoding(Bool.self, "null")
        assertSameDecoding(Int?.self, "null")
        assertSameDecoding([Int?].self, "[1,null]")
        assertSameDecoding([[Int]].self, #"[[1],[2,"x"]]"#)
        assertSameDecoding([[Int]].self, #"[[1],null]"#)
        assertSameDecoding(Set<String>.self, #"["a","b","a"]"#)
        assertSameDecoding([Decimal].self, "[1, 0.1, 3.14159265358979323846]")
        assertSameDecoding(Date.self, "12.5")
        assertSameDecoding(URL.self, #""https://swift.org""#)
    }

    /// Decimals, big integers and zeros whose exact text FastJSONDecoder reads back from the
    /// input: under escaped keys, repeated keys (the first wins) and deep nesting.
    @Test func exactNumberTexts() {
        assertSameDecoding([String: Decimal].self, #"{"\u0061":0.30000000000000001,"b\"c":3.14159265358979323846}"#)
        assertSameDecoding([String: Decimal].self, #"{"a":0.1,"a":0.30000000000000001}"#)
        assertSameDecoding([String: Decimal].self, #"{"a":0.30000000000000001,"a":0.1}"#)
        assertSameDecoding([String: [Decimal]].self, #"{"a":[1,{"x":2}],"a":[0.30000000000000001]}"#)
        assertSameDecoding([String: [Decimal]].self, #"{"k\ud83d\ude00":[[],0.12345678901234567890123]}"#)
        assertSameDecoding([[[Decimal]]].self, #"[[[1e-100, 8.70e-127, 8.7e-127, 1.50e127, 9.99e127]]]"#)
        assertSameDecoding([Int64].self, #"[9007199254740993.0, 9007199254740993.5, -9007199254740993.9]"#)
        assertSameDecoding(
            [UInt64].self, #"[18446744073709551615.0, 1.8446744073709551615e19, 12345678901234567890.5]"#)
        assertSameDecoding([Double].self, #"[0.0, -0.0, 0e0, 0.0e-0, 1e-400]"#)
        assertSameDecoding(Decimal.self, "  -3.14159265358979323846  ")
    }

    @Test func otherInputEncodings() {
        let json = #"{"name":"é","count":1,"ratio":2,"flag":true}"#
        assertSameDecoding(Simple.self, data: Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8))
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian] {
            assertSameDecoding(Simple.self, data: json.data(using: encoding)!)
        }
        assertSameDecoding(Simple.self, data: Data([0xFF, 0xFE]) + json.data(using: .utf16LittleEndian)!)
        assertSameDecoding(Int.self, data: "7".data(using: .utf16LittleEndian)!)
        assertSameDecoding(String.self, data: Data([0x22, 0xFF, 0x22]))
    }
}
