import FastMap
import Foundation
import FuzzSupport

runFuzzer(fuzzEngines)

/// Issue #20's differential target: every engine (`JSONParser.allCases`, simdjson included)
/// parses the input in the default mode, in strict RFC 8259 mode and as JSON5, and each must
/// build the tree yajl builds or throw yajl's error (kind, message, line, column, offset).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEngines(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let modes: [JSON.ReadingOptions] = [
        .init(), .init(allowsTrailingCommas: false), .init(allowsJSON5: true), .init(usesArena: false),
    ]
    for mode in modes {
        func parse(_ parser: JSONParser) -> Result<JSON, FastMapError> {
            var options = mode
            options.parser = parser
            return Result { () throws(FastMapError) in try JSON(bytes: bytes, options: options) }
        }
        let yajl = parse(.yajl)
        for parser in JSONParser.allCases where parser != .yajl {
            switch (yajl, parse(parser)) {
            case (.success(let a), .success(let b)):
                precondition(a == b, "\(parser) built a different tree")
                precondition((try? a.data()) == (try? b.data()), "\(parser)'s tree writes differently")
            case (.failure(let a), .failure(let b)):
                precondition(
                    a.kind == b.kind && a.location == b.location && a.message == b.message,
                    "\(parser) reported a different error: \(a) / \(b)")
            case (.success, .failure(let error)):
                preconditionFailure("\(parser) rejected what yajl accepts: \(error)")
            case (.failure(let error), .success):
                preconditionFailure("\(parser) accepted what yajl rejects (\(error))")
            }
        }
    }
    return 0
}
