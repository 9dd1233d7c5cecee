import FastMap
import Foundation
import FuzzSupport

runFuzzer(fuzzDecode)

/// Decodes the input into a set of models with `FastJSONDecoder` and with `JSONDecoder`: both
/// must succeed with equal values or both must throw, for every numeric type, strings, dates,
/// data, keyed and unkeyed containers. Decoding from a parsed tree and at a key path must not
/// crash either.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDecode(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let data = Data(bytes)
    let fast = FastJSONDecoder()
    let foundation = JSONDecoder()
    // Foundation traps on some inputs (see foundationTrapsOnDeepNestingAtEnd): FastMap alone.
    let foundationTraps = foundationTrapsOnDeepNestingAtEnd(bytes)
    func compare<T: Decodable & Equatable>(_ type: T.Type) {
        if foundationTraps {
            // The document ends inside a bracket it opened: never valid.
            precondition(
                (try? fast.decode(T.self, from: data)) == nil, "\(T.self): FastMap decoded an unclosed document")
            return
        }
        requireSameOutcome(
            "\(T.self)", Outcome { try fast.decode(T.self, from: data) },
            Outcome { try foundation.decode(T.self, from: data) })
    }
    compare(AnyValue.self)
    compare(Record.self)
    compare([Record].self)
    compare([String: Int].self)
    compare([String].self)
    compare([Bool].self)
    compare([Int8].self)
    compare([Int16].self)
    compare([Int32].self)
    compare([Int64].self)
    compare([Int].self)
    compare([UInt8].self)
    compare([UInt16].self)
    compare([UInt32].self)
    compare([UInt64].self)
    compare([UInt].self)
    compare([Float].self)
    compare([Double].self)
    compare([[Double]].self)
    compare([Decimal].self)
    compare(Double.self)
    compare(String.self)

    fast.keyDecodingStrategy = .convertFromSnakeCase
    fast.dateDecodingStrategy = .iso8601
    fast.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    foundation.dateDecodingStrategy = .iso8601
    foundation.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    compare(SnakeRecord.self)
    compare([SnakeRecord].self)
    // NaN is never equal to itself: compare the bit patterns.
    if !foundationTraps {
        requireSameOutcome(
            "[Double] with non-conforming floats",
            Outcome { try fast.decode([Double].self, from: data).map(\.bitPattern) },
            Outcome { try foundation.decode([Double].self, from: data).map(\.bitPattern) })
        requireSameOutcome(
            "[Float] with non-conforming floats",
            Outcome { try fast.decode([Float].self, from: data).map(\.bitPattern) },
            Outcome { try foundation.decode([Float].self, from: data).map(\.bitPattern) })
    }

    if let json = try? JSON(bytes: bytes) {
        let plain = FastJSONDecoder()
        _ = try? plain.decode(AnyValue.self, from: json)
        _ = try? plain.decode(Record.self, from: json)
        _ = try? plain.decode([Decimal].self, from: json)
        _ = try? plain.decode(AnyValue.self, from: json, at: "data[0].id")
        _ = try? plain.decode(Int.self, from: data, at: "a.b[1]")
    }
    return 0
}
