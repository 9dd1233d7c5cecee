import FastMap
import Foundation
import FuzzSupport

runFuzzer(fuzzKeyPath)

/// Splits the input into a key path text and a document; parsing the path and resolving it
/// must never crash, and a path must describe itself as text that parses back to it.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzKeyPath(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let split = bytes.firstIndex(of: 0x0A) ?? count
    let pathText = String(decoding: bytes[0..<split], as: UTF8.self)
    let path = JSONKeyPath(stringLiteral: pathText)
    // The text form is exact for keys that are non-empty and free of `.`, `[` and `]`.
    let plainKeys = path.components.allSatisfy {
        guard case .key(let key) = $0 else { return true }
        return !key.isEmpty && !key.contains(where: { $0 == "." || $0 == "[" || $0 == "]" })
    }
    if plainKeys {
        precondition(JSONKeyPath(stringLiteral: path.description) == path, "description does not parse back")
    }
    let rest =
        split < count
        ? UnsafeBufferPointer(rebasing: bytes[(split + 1)...]) : UnsafeBufferPointer(start: start, count: 0)
    if let json = try? JSON(bytes: rest) {
        let found = json[path]
        do {
            let value = try json.value(at: path)
            precondition(found == value, "subscript and value(at:) disagree")
        } catch {
            precondition(found == nil, "value(at:) threw for a path the subscript resolves")
        }
    }
    return 0
}
