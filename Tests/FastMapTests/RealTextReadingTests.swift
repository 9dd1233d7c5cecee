import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// A decode reads a real's text only when the parser saw a real whose double does not tell it
/// (`JSONDocument.realsAreExact`); whatever it skips, the values and errors stay Foundation's.
@Suite struct RealTextReadingTests {
    static let zeros = Array(repeating: "0.0", count: 300).joined(separator: ",")

    @Test func zerosBesideTextsOnlyTheInputTells() {
        for parser in JSONParser.allCases {
            let configure: (FastJSONDecoder, JSONDecoder) -> Void = { fast, _ in fast.parser = parser }
            // Zeros alone, and beside a text that does not read as zero.
            assertSameDecoding([Double].self, "[\(Self.zeros)]", configure: configure)
            assertSameDecoding([Double].self, "[\(Self.zeros),1e-400]", configure: configure)
            assertSameDecoding([Float].self, "[\(Self.zeros),-0.0,1e-60]", configure: configure)
            assertSameDecoding([[Double]].self, "[[\(Self.zeros)],[0e-200]]", configure: configure)
            // Exact texts still reach Decimal and integers beyond 2^53.
            assertSameDecoding([Decimal].self, "[\(Self.zeros),3.14159265358979323846]", configure: configure)
            assertSameDecoding([Decimal].self, "[0.0,0.30000000000000001,1.5]", configure: configure)
            assertSameDecoding([Int64].self, "[0,9007199254740993.0]", configure: configure)
            assertSameDecoding([UInt64].self, "[18446744073709551615.0]", configure: configure)
        }
    }
}
