@_spi(FastMapCore) import FastMapCore
import Foundation

/// `[String: T]`, which Foundation decodes without applying the key strategy to its keys.
package protocol StringKeyedDictionary {
    static func decodeExemptFromKeyStrategy(
        _ decoder: JSONTreeDecoder, _ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> Self
}
