import Foundation

extension Dictionary: StringKeyedEncodableDictionary where Key == String, Value: Encodable {
    func forEachEncodableMember(_ body: (String, any Encodable) throws -> Void) rethrows {
        for (key, value) in self { try body(key, value) }
    }
}
