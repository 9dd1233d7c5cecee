import Foundation

/// Marks `[String: Value]` dictionaries: with a key strategy other than `.useDefaultKeys`,
/// `JSONEncoder` writes their keys unconverted, and so does FastJSONEncoder.
protocol StringKeyedEncodableDictionary {
    /// Calls `body` for every member in the dictionary's iteration order.
    func forEachEncodableMember(_ body: (String, any Encodable) throws -> Void) rethrows
}
