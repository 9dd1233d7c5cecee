import FastMap
import Foundation
import FuzzSupport

runFuzzer(fuzzEncode)

/// Decodes the input into models, encodes them with `FastJSONEncoder` and decodes the output
/// again: the value must come back equal, the bytes must be `JSONEncoder`'s for the same
/// formatting, and `encodeToJSON` must describe the same document.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEncode(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    let decoder = FastJSONDecoder()
    if let value = try? decoder.decode(AnyValue.self, from: data) { roundTrip(value, decoder, checksTree: true) }
    if let value = try? decoder.decode(Record.self, from: data) { roundTrip(value, decoder) }
    if let value = try? decoder.decode([Record].self, from: data) { roundTrip(value, decoder) }
    return 0
}

/// A tree keeps numbers as Int64/UInt64/Double, so `Decimal` fields only survive text; the
/// tree comparison is made for `AnyValue`, whose numbers all fit.
func roundTrip<T: Codable & Equatable>(_ value: T, _ decoder: FastJSONDecoder, checksTree: Bool = false) {
    let formats: [JSONEncoder.OutputFormatting] = [
        [.sortedKeys], [.prettyPrinted, .sortedKeys], [.sortedKeys, .withoutEscapingSlashes],
    ]
    for format in formats {
        let fast = FastJSONEncoder()
        fast.outputFormatting = format
        let foundation = JSONEncoder()
        foundation.outputFormatting = format
        let written: Data
        do { written = try fast.encode(value) } catch { preconditionFailure("\(T.self) did not encode: \(error)") }
        let expected = try? foundation.encode(value)
        precondition(
            expected == written,
            "\(T.self) \(format.rawValue): FastJSONEncoder wrote \(String(decoding: written, as: UTF8.self)), "
                + "JSONEncoder \(expected.map { String(decoding: $0, as: UTF8.self) } ?? "nothing")")
        let again: T
        do { again = try decoder.decode(T.self, from: written) } catch {
            preconditionFailure("\(T.self): written text did not decode: \(error)")
        }
        precondition(same(again, value), "\(T.self): round trip changed \(value) into \(again)")
    }
    guard checksTree else { return }
    guard let tree = try? FastJSONEncoder().encodeToJSON(value) else {
        preconditionFailure("\(T.self): encodeToJSON failed where encode succeeded")
    }
    let treeValue = try? decoder.decode(T.self, from: tree)
    precondition(treeValue.map { same($0, value) } == true, "\(T.self): the encoded tree decodes to \(String(describing: treeValue))")
}

/// Equal, with `AnyValue`s compared as numbers read back from text rather than by storage.
func same<T: Equatable>(_ a: T, _ b: T) -> Bool {
    if let a = a as? AnyValue, let b = b as? AnyValue { return a.isEquivalent(to: b) }
    return a == b
}
