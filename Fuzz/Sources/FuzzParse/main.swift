import FastMap
import Foundation
import FuzzSupport

runFuzzer(fuzzParse)

/// Parses the input with both engines: they must agree on acceptance, on the tree and on the
/// error; an accepted tree must write out and parse back to an equal value.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzParse(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let yajl = Result { () throws(FastMapError) in try JSON(bytes: bytes, options: .init(parser: .yajl)) }
    let jansson = Result { () throws(FastMapError) in
        try JSON(bytes: bytes, options: .init(parser: .jansson, usesArena: false))
    }
    switch (yajl, jansson) {
    case (.success(let a), .success(let b)):
        precondition(a == b, "engines built different trees")
        guard let written = try? a.data(options: [.sortedKeys]) else {
            preconditionFailure("an accepted tree did not write")
        }
        guard let again = try? JSON(data: written) else { preconditionFailure("written text did not parse") }
        precondition(again == a, "round trip changed the value")
        _ = a.foundationObject
        _ = a.description
    case (.failure(let a), .failure(let b)):
        precondition(
            a.kind == b.kind && a.location == b.location && a.message == b.message,
            "engines reported different errors: \(a) / \(b)")
        precondition((a.location?.offset ?? 0) <= count, "error offset past the input")
    default:
        preconditionFailure("engines disagree on acceptance")
    }
    return 0
}
