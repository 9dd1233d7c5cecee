import FastMap
import Foundation
import FuzzSupport

runFuzzer(fuzzCompose)

/// Values composed across documents. The input holds two documents separated by the first
/// NUL byte (the first byte also picks how each is parsed: arena or reference-counted, yajl or
/// jansson). Pieces of both are composed into new arrays and objects, nested, and the source
/// documents are dropped before the composition is read: its text must be exactly the pieces'
/// texts put together, it must parse back to an equal value, and the decoder must read it as it
/// reads that text, up to the double an integer past 2^53 names (`AnyValue.isEquivalent(to:)`).
/// Arena trees, reference-counted trees, kept number text and unsigned marks all meet in one
/// value here.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzCompose(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let settings = bytes[0]
    let rest = UnsafeBufferPointer(rebasing: bytes[1...])
    let split = rest.firstIndex(of: 0) ?? rest.count / 2
    let first = UnsafeBufferPointer(rebasing: rest[..<split])
    let second = UnsafeBufferPointer(rebasing: rest[min(split + 1, rest.count)...])
    guard let (composed, expected) = compose(first, second, settings: settings) else { return 0 }

    // The sources are gone; only the composition holds their nodes now.
    guard let written = try? composed.data() else { preconditionFailure("a composed value did not write") }
    precondition(
        written == expected,
        "composed text \(String(decoding: written, as: UTF8.self)) != \(String(decoding: expected, as: UTF8.self))")
    guard let reparsed = try? JSON(data: written) else { preconditionFailure("composed text did not parse") }
    precondition(reparsed == composed, "the composition and its own text differ")
    let fromTree = Outcome { try FastJSONDecoder().decode(AnyValue.self, from: composed) }
    let fromText = Outcome { try FastJSONDecoder().decode(AnyValue.self, from: written) }
    // A real parsed from text keeps its digits, and decodes from them; the value writes it as
    // its double, whose shortest text may read as another integer naming the same double.
    requireSameOutcome("decoding the composition", fromTree, fromText, equal: { $0.isEquivalent(to: $1) })
    _ = composed.foundationObject
    return 0
}

/// The composition and the text it must write, built while both sources are alive.
private func compose(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, settings: UInt8
) -> (JSON, Data)? {
    func options(_ bit: UInt8) -> JSON.ReadingOptions {
        .init(parser: settings & (bit << 1) != 0 ? .jansson : .yajl, usesArena: settings & bit != 0)
    }
    guard let a = try? JSON(bytes: first, options: options(1)),
        let b = try? JSON(bytes: second, options: options(4))
    else { return nil }
    let pieces = Array((children(of: a) + children(of: b)).prefix(8))
    func text(_ value: JSON) -> String {
        guard let data = try? value.data() else { preconditionFailure("a parsed value did not write") }
        return String(decoding: data, as: UTF8.self)
    }
    let list = JSON(array: pieces)
    let pair = JSON(members: [("first", a), ("pieces", list), ("second", b)])
    let outer = JSON(array: [pair, list, pieces.last ?? a])
    let listText = "[" + pieces.map(text).joined(separator: ",") + "]"
    let pairText = #"{"first":\#(text(a)),"pieces":\#(listText),"second":\#(text(b))}"#
    let outerText = "[\(pairText),\(listText),\(text(pieces.last ?? a))]"
    return (outer, Data(outerText.utf8))
}

/// The value itself, then its direct children (elements or member values).
private func children(of value: JSON) -> [JSON] {
    [value] + (value.array ?? value.members.map(\.value))
}
