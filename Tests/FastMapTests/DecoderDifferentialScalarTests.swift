import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Model/payload pairs decoded by FastJSONDecoder and JSONDecoder side by side: equal values,
/// or the same error case and coding path. Scalars, numbers, optionals and special types.
@Suite("FastJSONDecoder vs JSONDecoder: scalars and special types")
struct DecoderDifferentialScalarTests {
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

    struct Identified: Decodable, Equatable {
        var id: UUID
        var other: UUID?
        var list: [UUID]?
    }

    /// The decoder reads a UUID from the string's bytes; every text `UUID(uuidString:)` rejects
    /// must still fail as `JSONDecoder` fails (`dataCorrupted` at the member).
    @Test(arguments: [
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
        "e621E1F8-c36C-495a-93Fc-0c247A3E6e5f", "00000000-0000-0000-0000-000000000000",
        "ffffffff-ffff-ffff-ffff-ffffffffffff", "E621E1F8-C36C-495A-93FC-0C247A3E6E5",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
        "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "E621E1F8-C36C-495A-93FC_0C247A3E6E5F",
        "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", " E621E1F8-C36C-495A-93FC-0C247A3E6E5",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5\\u0046",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5\\u00c9", "E621E1F8-C36C-495A-93FC-0C247A3E6E5Ｆ", "",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E-F", "E621E1F8--36C-495A-93FC-0C247A3E6E5F",
    ])
    func uuids(_ text: String) {
        assertSameDecoding(Identified.self, #"{"id":"\#(text)"}"#)
        assertSameDecoding(Identified.self, #"{"id":"00000000-0000-0000-0000-000000000000","other":"\#(text)"}"#)
        assertSameDecoding(
            Identified.self, #"{"id":"00000000-0000-0000-0000-000000000000","list":["\#(text)","\#(text)"]}"#)
    }

    @Test(arguments: [
        #"{"id":5}"#, #"{"id":null}"#, #"{"id":["x"]}"#, #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","other":null}"#,
    ])
    func uuidsOfOtherKinds(_ json: String) {
        assertSameDecoding(Identified.self, json)
    }
}
