import FastMap
import FastMapTestSupport
import Foundation

/// Builds random values from a seeded generator.
struct RandomValueFactory {
    var random: SeededGenerator
    /// The chance (in percent) of a special float (NaN, infinity) or a NaN date.
    var nonConformingPercent = 2
    /// The chance of a repeated key in an object and of an out-of-order nested container.
    var irregularPercent = 3

    static let keyPool: [String] = [
        "id", "name", "value", "items", "camelCase", "URLValue", "myURLValue", "_leading", "trailing_", "a__b",
        "ABC", "aBC", "x", "é", "e\u{301}", "😀key", "a/b", "quote\"d", "tab\tkey", "nul\u{0}", "\u{7f}", "10", "9",
        "Z", "_", "", "super", "ǅungla", "Kelvin\u{212A}", "KelvinK", "line\u{2028}sep", "日本",
    ]

    static let stringPool: [String] = [
        "", "plain", "a/b", "</script>", "\"", "\\", "\u{0}", "\u{1}\u{1f}", "\u{7f}", "\u{2028}\u{2029}", "😀", "👩‍👩‍👧",
        "é", "e\u{301}", "日本語", "\n\r\t\u{8}\u{c}", "http://x.y/z?a=b", "\u{FEFF}BOM", "mixed \"q\" / \\ \u{3}",
    ]

    static let doublePool: [Double] = [
        0, -0.0, 0.1, 0.2, 0.30000000000000004, 1, -1, 100, 1e16, 1e15, 123456789012345680, 1e300, -1e-300,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 1e-7, 5e-5, 19.99, 2.5e-8, 4.35,
        Double(Int64.max), Double(UInt64.max),
    ]

    static let floatPool: [Float] = [
        0, -0.0, 0.1, 1.5, 16_777_216, 16_777_218, 3.4028235e38, .leastNonzeroMagnitude, 1e-10, 7.0e7, 0.3,
    ]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    mutating func string() -> String {
        if chance(60) { return pick(Self.stringPool) }
        let scalars: [Unicode.Scalar] = (0..<Int.random(in: 0..<12, using: &random)).compactMap { _ in
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))
            case 1: return Unicode.Scalar(UInt8.random(in: 0...0x1F, using: &random))
            case 2: return Unicode.Scalar(UInt32.random(in: 0xA0...0xD7FF, using: &random))
            default: return Unicode.Scalar(UInt32.random(in: 0x1F300...0x1F64F, using: &random))
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    mutating func double() -> Double {
        if chance(nonConformingPercent) { return pick([.nan, .infinity, -.infinity]) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return pick(Self.doublePool)
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / pick([1, 10, 100, 1e6, 1e-3])
        default:
            let bits = UInt64.random(in: 0...UInt64.max, using: &random)
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : 1.5
        }
    }

    mutating func float() -> Float {
        if chance(nonConformingPercent) { return pick([.nan, .infinity, -.infinity]) }
        if chance(50) { return pick(Self.floatPool) }
        let value = Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &random))
        return value.isFinite ? value : 2.5
    }

    mutating func scalar() -> RandomValue {
        switch Int.random(in: 0..<22, using: &random) {
        case 0: return .int(pick([0, 1, -1, .max, .min, Int.random(in: -1000...1000, using: &random)]))
        case 1: return .int8(pick([.min, .max, 0, -5]))
        case 2: return .int16(pick([.min, .max, 300]))
        case 3: return .int32(pick([.min, .max, -70_000]))
        case 4: return .int64(pick([.min, .max, 505_874_924_095_815_681]))
        case 5: return .uint(pick([0, .max, 42]))
        case 6: return .uint8(pick([0, 255, 128]))
        case 7: return .uint16(pick([0, .max]))
        case 8: return .uint32(pick([0, .max]))
        case 9: return .uint64(pick([0, .max, UInt64(Int64.max) + 1, 1 << 63 + 12_345]))
        case 10: return .int128(pick([.min, .max, 0, Int128(Int64.min) - 1]))
        case 11, 12: return .double(double())
        case 13: return .float(float())
        case 14: return .bool(chance(50))
        case 15, 16: return .string(string())
        case 17: return .null
        case 18:
            if chance(nonConformingPercent) { return .date(Date(timeIntervalSince1970: .nan)) }
            return .date(
                Date(
                    timeIntervalSince1970: pick([
                        0, 1.5, -1e9, 1e10, Double(Int.random(in: 0...2_000_000_000, using: &random)),
                    ])))
        case 19:
            return .data(
                Data((0..<Int.random(in: 0..<9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            )
        case 20:
            return .url(
                pick([
                    URL(string: "https://a.b/c?d=e")!, URL(fileURLWithPath: "/tmp/x y"),
                    URL(string: "rel/p", relativeTo: URL(string: "http://h/")!)!,
                ]))
        default:
            return .decimal(
                pick([
                    Decimal(string: "1.25")!, Decimal(string: "-3.3333333333333333333")!, Decimal(0),
                    Decimal(string: "1e-20")!,
                ]))
        }
    }

    /// The strategies the value will be encoded with: members must not make JSONEncoder stop
    /// the process (a nested container for a key already written, after key conversion).
    var setup = EncoderSetup()
    private var convertedKeys: [[UInt8]: String] = [:]

    mutating func value(depth: Int) -> RandomValue {
        let containerChance = depth < 4 ? 45 : 0
        if !chance(containerChance) {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: return .optional(chance(50) ? nil : scalar())
            case 1: return .wrapped(scalar())
            case 2: return .nothing
            case 3:
                return .intArray(
                    (0..<Int.random(in: 0..<5, using: &random)).map { _ in Int.random(in: -99...99, using: &random) })
            case 4: return .stringArray((0..<Int.random(in: 0..<4, using: &random)).map { _ in string() })
            case 5: return .doubleArray((0..<Int.random(in: 0..<4, using: &random)).map { _ in double() })
            case 6: return .floatArray((0..<Int.random(in: 0..<4, using: &random)).map { _ in float() })
            default: return scalar()
            }
        }
        switch Int.random(in: 0..<7, using: &random) {
        case 0, 1, 2: return .object(members(depth: depth, keyed: true))
        case 3, 4: return .array(members(depth: depth, keyed: false))
        case 5:
            // Under a key strategy JSONEncoder encodes these members in the order of a copy of
            // the dictionary, which differs from run to run: with two failing members, which
            // error it reports is not reproducible. Keep the members conforming then.
            let savedPercent = nonConformingPercent
            if case .useDefaultKeys = setup.keyStrategy {} else { nonConformingPercent = 0 }
            defer { nonConformingPercent = savedPercent }
            var dictionary: [String: RandomValue] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                dictionary[pick(Self.keyPool) + string()] = value(depth: depth + 1)
            }
            return .dictionary(dictionary)
        default:
            var dictionary: [Int: RandomValue] = [:]
            for _ in 0..<Int.random(in: 0..<4, using: &random) {
                dictionary[Int.random(in: -50...50, using: &random)] = value(depth: depth + 1)
            }
            return .intDictionary(dictionary)
        }
    }

    private mutating func members(depth: Int, keyed: Bool) -> [RandomMember] {
        var used: Set<String> = []
        var written: Set<String> = []
        var result: [RandomMember] = []
        for _ in 0..<Int.random(in: 0..<6, using: &random) {
            var key = chance(70) ? pick(Self.keyPool) : string()
            // Keys repeat only when asked to (JSONEncoder keeps the last value for a key).
            while keyed && used.contains(key) && !chance(irregularPercent) { key += "_" }
            used.insert(key)
            // Swift string equality, as in JSONEncoder's dictionary of members.
            let collides = keyed && !written.insert(writtenKey(key)).inserted
            let value = value(depth: depth + 1)
            var mode: RandomMember.Mode
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40: mode = .generic
            case 40..<70: mode = .direct
            case 70..<90: mode = .nested
            case 90..<95: mode = .superEncoder
            default: mode = .deferred
            }
            if mode == .deferred && !chance(irregularPercent * 10) { mode = .nested }
            if mode == .superEncoder && !keyed && !chance(30) { mode = .generic }
            // JSONEncoder stops the process for a nested container under a key it already
            // holds a non-container value for.
            if collides && (mode == .nested || mode == .deferred) { mode = .generic }
            result.append(RandomMember(key: key, value: value, mode: mode))
        }
        return result
    }

    /// The key JSONEncoder writes for `key` as the last component of a path (the custom
    /// strategies here only look at the last component when keys collide).
    private mutating func writtenKey(_ key: String) -> String {
        switch setup.keyStrategy {
        case .convertToSnakeCase:
            if let cached = convertedKeys[Array(key.utf8)] { return cached }
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            let converted =
                (try? JSON(
                    data: encoder.encode(RandomValue.object([RandomMember(key: key, value: .null, mode: .direct)]))))?
                .keys.first ?? key
            convertedKeys[Array(key.utf8)] = converted
            return converted
        case .custom(let transform):
            return transform([AnyKey("prefix"), AnyKey(key)]).stringValue
        default:
            return key
        }
    }

    /// Picks strategies and makes them the ones the next values are generated for.
    mutating func makeSetup() -> EncoderSetup {
        setup = randomSetup()
        return setup
    }

    private mutating func randomSetup() -> EncoderSetup {
        var setup = EncoderSetup()
        setup.keyStrategy = pick(keyStrategies.map(\.1))
        setup.dateStrategy = pick(dateStrategies.map(\.1))
        setup.dataStrategy = pick(dataStrategies.map(\.1))
        if chance(30) {
            setup.floatStrategy = .convertToString(positiveInfinity: "+∞", negativeInfinity: "-∞/", nan: "NaN\"")
        }
        return setup
    }

    mutating func formattings() -> [JSONEncoder.OutputFormatting] {
        // One sorted (byte comparison) and one unsorted (value comparison) every time.
        let sorted = pick(allFormattings.filter { $0.contains(.sortedKeys) })
        let unsorted = pick(allFormattings.filter { !$0.contains(.sortedKeys) })
        return [sorted, unsorted]
    }
}
