import FastMap
import FastMapTestSupport
import Foundation
import Testing

@Suite("FastJSONEncoder on random models")
struct EncoderRandomTests {
    /// Thousands of seeded random values, each under random strategies, compared with
    /// JSONEncoder byte for byte (sorted) and as values with member order (unsorted).
    @Test func randomModelsMatchJSONEncoder() {
        var factory = RandomValueFactory(seed: 0x0F45_7A9E_2024)
        for number in 0..<3000 {
            let setup = factory.makeSetup()
            let value = factory.value(depth: 0)
            let orders = value.expectedKeyOrders(setup)
            expectSameEncoding(
                value, setup: setup, formattings: factory.formattings(),
                expectedOrder: orders.map { expected in { objectKeyOrders($0) == expected } },
                "random case \(number)")
        }
    }

    /// The same run with special floats and irregular containers far more often, so the
    /// error paths and the fallback encoder get their share of cases.
    @Test func irregularRandomModelsMatchJSONEncoder() {
        var factory = RandomValueFactory(seed: 0xBAD_F00D)
        factory.nonConformingPercent = 15
        factory.irregularPercent = 25
        for number in 0..<1500 {
            let setup = factory.makeSetup()
            let value = factory.value(depth: 0)
            expectSameEncoding(value, setup: setup, formattings: factory.formattings(), "irregular case \(number)")
        }
    }
}
