@_spi(FastMapCore) import FastMapCore
import Foundation

/// `Optional`, whose `null` and wrapped scalars the mapping API reads without the decoder.
protocol OptionalScalar {
    static func read(_ node: JSONNode, in document: JSONDocument) -> Self?
}
