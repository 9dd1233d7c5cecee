import FastMap
import FastMapTestSupport
import Foundation

extension RandomValue {
    /// The keys of every object the value writes, as ``objectKeyOrders(_:)`` lists them,
    /// when the value is regular enough to say (default keys, no repeated keys, no strategy
    /// writing objects of its own); nil otherwise.
    func expectedKeyOrders(_ setup: EncoderSetup) -> [[String]]? {
        guard case .useDefaultKeys = setup.keyStrategy else { return nil }
        var orders: [[String]] = []
        return collect(into: &orders) ? orders : nil
    }

    private func collect(into orders: inout [[String]]) -> Bool {
        switch self {
        case .object(let members):
            let present = members.filter { member in
                if case .direct = member.mode, case .optional(nil) = member.value { return false }
                return true
            }
            let keys = present.map(\.key)
            guard Set(keys).count == keys.count else { return false }
            guard !members.contains(where: { $0.mode == .deferred }) else { return false }
            orders.append(keys)
            return present.allSatisfy { $0.value.collect(into: &orders) }
        case .array(let elements):
            return elements.allSatisfy { $0.value.collect(into: &orders) }
        case .dictionary(let dictionary):
            orders.append(Array(dictionary.keys))
            return dictionary.values.allSatisfy { $0.collect(into: &orders) }
        case .intDictionary(let dictionary):
            orders.append(dictionary.keys.map(String.init))
            return dictionary.values.allSatisfy { $0.collect(into: &orders) }
        case .optional(let value):
            return value?.collect(into: &orders) ?? true
        case .wrapped(let value):
            return value.collect(into: &orders)
        case .nothing:
            orders.append([])
            return true
        case .date, .data:
            return false
        default:
            return true
        }
    }
}
