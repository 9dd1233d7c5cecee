import FastMap
import Testing

@Test func parsesAndReads() throws {
    let json = try JSON(string: #"{"a": [1, 2.5, "x", true, null], "b": {"c": 18446744073709551615}}"#)
    #expect(json["a"]?[0]?.int == 1)
    #expect(json["b"]?["c"]?.uint64 == UInt64.max)
}
