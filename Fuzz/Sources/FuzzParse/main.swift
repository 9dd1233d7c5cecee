import FastMap
import Foundation

// SwiftPM links an executable's own `main`, so libFuzzer's is never pulled in; start its
// driver from here instead.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

var argumentCount = CommandLine.argc
var argumentValues = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argumentCount, &argumentValues, fuzzParse))

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
        precondition(a.kind == b.kind && a.location == b.location, "engines reported different errors")
        precondition((a.location?.offset ?? 0) <= count, "error offset past the input")
    default:
        preconditionFailure("engines disagree on acceptance")
    }
    return 0
}
