// `import FastMapLadybug` (in place of `import Ladybug`) shows Ladybug's names and, through it,
// FastMap's API.
import FastMapLadybug
import Foundation

struct Post: JSONCodable {
    let date: Date
    static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["date": iso8601]
}
let dayFormat = format("yyyy-MM-dd")
let decoder = FastJSONDecoder()
let json: JSON = ["a": 1]
