@_spi(FastMapCore) import FastMapCore
import Foundation

/// What a tree decoder needs to apply transformers: the call's compiled plans. One per decode
/// call; `@unchecked Sendable` because only the calling thread ever uses it (the decode call
/// creates it, and it dies with the call).
final class JSONCodableDecoding: JSONTreeDecodingHook, @unchecked Sendable {
    let plans: TransformerPlans

    init(plans: TransformerPlans) {
        self.plans = plans
    }

    /// `JSONCodable` models decode through their transformers; everything else as usual.
    func decode<T: Decodable>(
        _ type: T.Type, from node: JSONNode, in decoder: JSONTreeDecoder, at reference: CodingPathReference,
        _ step: CodingPathComponent?
    ) throws -> T? {
        guard let plan = plans.plan(ifJSONCodable: T.self) else { return nil }
        return try decoder.decodeJSONCodable(node, as: type, plan: plan, at: reference, step)
    }
}
