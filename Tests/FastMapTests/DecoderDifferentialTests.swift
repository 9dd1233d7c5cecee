import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Model/payload pairs decoded by FastJSONDecoder and JSONDecoder side by side: equal values,
/// or the same error case and coding path.
@Suite("FastJSONDecoder vs JSONDecoder")
struct DecoderDifferentialTests {
    @Test(arguments: [
        #"{"name":"a","count":1,"ratio":0.5,"flag":true}"#,
        #"{"name":"a","count":1,"ratio":0.5,"flag":true,"note":null}"#,
        #"{"name":"é\u0000😀","count":-7,"ratio":1e300,"flag":false,"note":"n","extra":[1,2]}"#,
        #"{"name":"a","name":"b","count":1,"count":"x","ratio":1,"flag":true}"#,
        #"{"count":1,"ratio":0.5,"flag":true}"#,
        #"{"name":null,"count":1,"ratio":0.5,"flag":true}"#,
        #"{"name":"a","count":null,"ratio":0.5,"flag":true}"#,
        #"{"name":"a","count":1,"ratio":null,"flag":true}"#,
        #"{"name":"a","count":1,"ratio":0.5,"flag":null}"#,
        #"{"name":"a","count":1.5,"ratio":0.5,"flag":true}"#,
        #"{"name":"a","count":1.0,"ratio":0.5,"flag":true}"#,
        #"{"name":"a","count":"1","ratio":0.5,"flag":true}"#,
        #"{"name":"a","count":1,"ratio":"0.5","flag":true}"#,
        #"{"name":"a","count":1,"ratio":0.5,"flag":1}"#,
        #"{"name":"a","count":1,"ratio":0.5,"flag":true,"note":5}"#,
        #"{"name":1,"count":1,"ratio":0.5,"flag":true}"#,
        #"{"name":"a","count":1e2,"ratio":-0,"flag":true}"#,
        #"{"name":"a","count":9223372036854775808,"ratio":0.5,"flag":true}"#,
        #"{"name":"a","count":-9223372036854775808,"ratio":1e-400,"flag":true}"#,
        #"{"name":"a","count":1,"ratio":1e-400,"flag":true}"#,
        #"[]"#, #"null"#, #"5"#, #""text""#, #"{"#, #"{"name":"a",,}"#, "", "  ", #"{"a":1} x"#,
    ])
    func simple(_ json: String) {
        assertSameDecoding(Simple.self, json)
    }

    @Test(arguments: [
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[{"name":"x","count":3,"ratio":0,"flag":true}],"tags":["t"]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5},"list":[]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[{"name":"x","count":3,"ratio":0,"flag":true},{"name":"y","count":"3","ratio":0,"flag":true}]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[{"name":"x","count":3,"ratio":0,"flag":true},null]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[{"name":"x","count":3,"ratio":0,"flag":true},{"count":3,"ratio":0,"flag":true}]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[{"name":"x","count":300.5,"ratio":0,"flag":true}]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":{}}"#,
        #"{"id":1,"child":[],"list":[]}"#,
        #"{"id":1,"child":null,"list":[]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":null}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[],"tags":[1]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[],"tags":[null]}"#,
        #"{"id":1,"child":{"name":"c","count":2,"ratio":2.5,"flag":false},"list":[],"tags":"t"}"#,
    ])
    func outer(_ json: String) {
        assertSameDecoding(Outer.self, json)
    }

    /// Errors at depths 0 through 4, through objects, arrays and dictionaries.
    @Test(arguments: [
        #"{"a":{"b":[{"c":{"k":{"d":[1,2]}}}]}}"#,
        #"{"a":{"b":[{"c":{"k":{"d":[1,"2"]}}}]}}"#,
        #"{"a":{"b":[{"c":{"k":{"d":[1,null]}}}]}}"#,
        #"{"a":{"b":[{"c":{"k":{"d":[1,2.5]}}}]}}"#,
        #"{"a":{"b":[{"c":{"k":{"e":[1]}}}]}}"#,
        #"{"a":{"b":[{"c":{"k":null}}]}}"#,
        #"{"a":{"b":[{"c":{"k":[]}}]}}"#,
        #"{"a":{"b":[{"c":[]}]}}"#,
        #"{"a":{"b":[{"c":{}},{"x":1}]}}"#,
        #"{"a":{"b":[null]}}"#,
        #"{"a":{"b":{}}}"#,
        #"{"a":{"c":[]}}"#,
        #"{"a":[]}"#,
        #"{"a":null}"#,
        #"{}"#,
        #"[{"a":1}]"#,
        #"{"a":{"b":[{"c":{"k":{"d":[1,2]},"k2":{"d":[true]}}}]}}"#,
    ])
    func deep(_ json: String) {
        assertSameDecoding(Deep.self, json)
    }

    @Test(arguments: [
        #"{"i":1,"i8":-128,"i16":-32768,"i32":-2147483648,"i64":-9223372036854775808,"u":18446744073709551615,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615}"#,
        #"{"i":9223372036854775807,"i8":127,"i16":32767,"i32":2147483647,"i64":9223372036854775807,"u":0,"u8":0,"u16":0,"u32":0,"u64":0}"#,
        #"{"i":1,"i8":128,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":1}"#,
        #"{"i":1,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":256,"u16":1,"u32":1,"u64":1}"#,
        #"{"i":1,"i8":1,"i16":1,"i32":1,"i64":1,"u":-1,"u8":1,"u16":1,"u32":1,"u64":1}"#,
        #"{"i":1,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":-0}"#,
        #"{"i":1e18,"i8":1.0,"i16":-2e2,"i32":1E3,"i64":9.2e18,"u":1.8e19,"u8":2.55e2,"u16":0.0,"u32":4.294967295e9,"u64":1.8446744073709551615e19}"#,
        #"{"i":9007199254740993.0,"i8":1,"i16":1,"i32":1,"i64":9007199254740993.5,"u":1,"u8":1,"u16":1,"u32":1,"u64":12345678901234567890.9}"#,
        #"{"i":-9223372036854775808.0,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":1}"#,
        #"{"i":1,"i8":1,"i16":1,"i32":1,"i64":9.3e18,"u":1,"u8":1,"u16":1,"u32":1,"u64":1}"#,
        #"{"i":1,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":1.9e19}"#,
        #"{"i":1,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":18446744073709551616}"#,
        #"{"i":0.5,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":1}"#,
        #"{"i":1e-400,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":1}"#,
        #"{"i":true,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":1}"#,
    ])
    func integers(_ json: String) {
        assertSameDecoding(Integers.self, json)
    }

    @Test(arguments: [
        #"{"d":0.1,"f":0.1}"#, #"{"d":-0,"f":-0.0}"#, #"{"d":1e308,"f":3.4028234e38}"#,
        #"{"d":1e308,"f":3.5e38}"#, #"{"d":5e-324,"f":1e-45}"#, #"{"d":1e-400,"f":1}"#,
        #"{"d":1,"f":1e-50}"#, #"{"d":18446744073709551615,"f":18446744073709551615}"#,
        #"{"d":-9223372036854775808,"f":16777217}"#, #"{"d":0.30000000000000001,"f":0.0}"#,
        #"{"d":"NaN","f":1}"#, #"{"d":1,"f":"Infinity"}"#, #"{"d":"1.5","f":1}"#, #"{"d":[],"f":1}"#,
        #"{"d":null,"f":1}"#, #"{"d":-0.0e-2,"f":1}"#, #"{"d":0.0e-2,"f":-0.00e5}"#, #"{"d":0e5,"f":0E+1}"#,
        #"{"d":1,"f":0.000e-12}"#, #"{"d":-0.0000e1,"f":1}"#, #"{"d":2.5e-324,"f":1}"#, #"{"d":1,"f":1e-46}"#,
    ])
    func floats(_ json: String) {
        assertSameDecoding(Floats.self, json)
    }

    @Test func nonConformingFloats() {
        let configure: (FastJSONDecoder, JSONDecoder) -> Void = {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            $1.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        assertSameDecoding(Floats.self, #"{"d":"+inf","f":"-inf"}"#, configure: configure)
        assertSameDecoding(Floats.self, #"{"d":"-inf","f":"+inf"}"#, configure: configure)
        assertSameDecoding(Floats.self, #"{"d":"inf","f":1}"#, configure: configure)
        assertSameDecoding(Floats.self, #"{"d":"NAN","f":1}"#, configure: configure)
        assertSameDecoding([Float].self, #"[1,"+inf",2]"#, configure: configure)
        // NaN never equals itself, so compare its presence.
        let fast = FastJSONDecoder()
        fast.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect((try? fast.decode([Double].self, from: Data(#"["nan"]"#.utf8)))?.first?.isNaN == true)
    }

    @Test(arguments: [
        #"{}"#,
        #"{"i":null,"d":null,"s":null,"b":null,"u8":null,"f":null,"nested":null,"list":null}"#,
        #"{"i":1,"d":2,"s":"s","b":false,"u8":3,"f":4,"list":[1,null,3]}"#,
        #"{"i":"1"}"#, #"{"d":true}"#, #"{"s":1}"#, #"{"b":"true"}"#, #"{"u8":-1}"#, #"{"f":1e39}"#,
        #"{"nested":{}}"#, #"{"nested":[]}"#, #"{"list":[1,"2"]}"#, #"{"list":{}}"#, #"{"i":1.5}"#,
    ])
    func optionals(_ json: String) {
        assertSameDecoding(OptionalScalars.self, json)
    }

    @Test(arguments: [
        #"{"date":0,"data":"","url":"https://example.com/a?b=c#d","decimal":0.1}"#,
        #"{"date":1e9,"data":"aGVsbG8=","url":"relative/path","decimal":3.14159265358979323846}"#,
        #"{"date":-1.5,"data":"YQ","url":"x","decimal":1}"#,
        #"{"date":1,"data":"!!","url":"x","decimal":1}"#,
        #"{"date":1,"data":"YW=j","url":"","decimal":1}"#,
        #"{"date":1,"data":"","url":"http://a b","decimal":1}"#,
        #"{"date":"1","data":"","url":"x","decimal":1}"#,
        #"{"date":null,"data":"","url":"x","decimal":1}"#,
        #"{"date":1,"data":null,"url":"x","decimal":1}"#,
        #"{"date":1,"data":5,"url":"x","decimal":1}"#,
        #"{"date":1,"data":"","url":null,"decimal":1}"#,
        #"{"date":1,"data":"","url":5,"decimal":1}"#,
        #"{"date":1,"data":"","url":"x","decimal":null}"#,
        #"{"date":1,"data":"","url":"x","decimal":"1"}"#,
        #"{"date":1,"data":"","url":"x","decimal":18446744073709551615}"#,
        #"{"date":1,"data":"","url":"x","decimal":-9223372036854775808}"#,
        #"{"date":1,"data":"","url":"x","decimal":0.30000000000000001}"#,
        #"{"date":1,"data":"","url":"x","decimal":-0}"#,
        #"{"date":1,"data":"","url":"x","decimal":1e-300}"#,
        #"{"date":1,"data":"","url":"x","decimal":1.5e300}"#,
        #"{"date":1,"data":"","url":"x","decimal":12345.678e-2}"#,
        #"{"date":1,"data":"","url":"x","decimal":0.000001}"#,
    ])
    func specialTypes(_ json: String) {
        assertSameDecoding(Specials.self, json)
    }

    @Test func dateStrategies() {
        let payloads = [
            #"{"when":1500000000,"dates":[0,1.5,-3]}"#, #"{"when":"2020-01-01T00:00:00Z","dates":[]}"#,
            #"{"when":"2020-01-01","dates":["2021-02-03"]}"#, #"{"when":1,"dates":["x"]}"#,
            #"{"when":"2020-01-01T00:00:00Z","dates":["2020-13-01T00:00:00Z"]}"#, #"{"when":null,"dates":[]}"#,
            #"{"when":true,"dates":[]}"#, #"{"when":1e-400,"dates":[]}"#,
        ]
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let strategies: [JSONDecoder.DateDecodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(formatter),
            .custom { decoder in
                let container = try decoder.singleValueContainer()
                if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds * 2) }
                let text = try container.decode(String.self)
                guard text.hasPrefix("2") else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "custom says no")
                }
                return Date(timeIntervalSince1970: Double(text.count))
            },
        ]
        for strategy in strategies {
            for payload in payloads {
                assertSameDecoding(Dated.self, payload) {
                    $0.dateDecodingStrategy = strategy
                    $1.dateDecodingStrategy = strategy
                }
            }
        }
    }

    @Test func dataStrategies() {
        let payloads = [#"["aGk=",""]"#, #"[[104,105],[]]"#, #"["%%"]"#, #"[[256]]"#, #"[null]"#, #"[1]"#]
        let strategies: [JSONDecoder.DataDecodingStrategy] = [
            .base64, .deferredToData,
            .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                return Data(text.utf8.reversed())
            },
        ]
        for strategy in strategies {
            for payload in payloads {
                assertSameDecoding([Data].self, payload) {
                    $0.dataDecodingStrategy = strategy
                    $1.dataDecodingStrategy = strategy
                }
            }
        }
    }

    @Test(arguments: [
        #"{"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":6}"#,
        #"{"fooBar":1,"_leadingUnderscore":2,"trailingUnderscore_":3,"aB":4,"urlValue":5,"plain":6}"#,
        #"{"FOO_BAR":1,"__leading_underscore":2,"trailing_underscore__":3,"a_b":4,"URL_VALUE":5,"plain":6}"#,
        #"{"foo_bar":1,"fooBar":9,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":6}"#,
        #"{"fooBar":9,"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":6}"#,
        #"{"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"URLValue":5,"plain":6}"#,
        #"{"foo_bar":"1","_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":6}"#,
        #"{"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5}"#,
        #"{"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":null}"#,
        #"{"foo_bar":1,"___":2,"_":3,"a__b":4,"url_value":5,"plain":6,"_leadingUnderscore":2,"trailingUnderscore_":3}"#,
    ])
    func snakeCase(_ json: String) {
        for strategy in [JSONDecoder.KeyDecodingStrategy.useDefaultKeys, .convertFromSnakeCase] {
            assertSameDecoding(SnakeModel.self, json) {
                $0.keyDecodingStrategy = strategy
                $1.keyDecodingStrategy = strategy
            }
        }
    }

    @Test func snakeCaseLeavesStringKeyedDictionariesAlone() {
        let configure: (FastJSONDecoder, JSONDecoder) -> Void = {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
        assertSameDecoding([String: Int].self, #"{"snake_key":1,"other_key":2}"#, configure: configure)
        assertSameDecoding([String: [String: Int]].self, #"{"a_b":{"c_d":1}}"#, configure: configure)
        assertSameDecoding([String: Int].self, #"{"a_b":1,"c":"x"}"#, configure: configure)
        assertSameDecoding([String: Int].self, #"{"a_b":1,"c":null}"#, configure: configure)
        assertSameDecoding([String: Int].self, #"[1]"#, configure: configure)
        assertSameDecoding([String: Int].self, #"null"#, configure: configure)
        assertSameDecoding([Int: Int].self, #"{"1":1,"2":2}"#, configure: configure)
        assertSameDecoding([String: SnakeModel].self, #"{"k_k":{"foo_bar":1}}"#, configure: configure)
    }

    @Test func customKeyStrategy() {
        let strategy = JSONDecoder.KeyDecodingStrategy.custom { path in
            let last = path.last!
            if last.intValue != nil { return last }
            let depthMark = String(repeating: "x", count: path.count - 1)
            return FastCodingKeyForTests(stringValue: String(last.stringValue.dropFirst(depthMark.count)).uppercased())
        }
        let configure: (FastJSONDecoder, JSONDecoder) -> Void = {
            $0.keyDecodingStrategy = strategy
            $1.keyDecodingStrategy = strategy
        }
        struct Upper: Codable, Equatable {
            var NAME: String
            var INNER: Inner?
            struct Inner: Codable, Equatable { var VALUE: Int }
        }
        assertSameDecoding(Upper.self, #"{"name":"a","inner":{"xvalue":1}}"#, configure: configure)
        assertSameDecoding(Upper.self, #"{"name":"a","inner":{"value":1}}"#, configure: configure)
        assertSameDecoding(Upper.self, #"{"nAmE":"a","Name":"b"}"#, configure: configure)
        assertSameDecoding([String: Int].self, #"{"ab":1}"#, configure: configure)
    }

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

struct FastCodingKeyForTests: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
