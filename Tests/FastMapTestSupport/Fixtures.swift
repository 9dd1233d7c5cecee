import Foundation

/// Where the shared reference data lives (`../shared` beside the checkout), if present.
public enum SharedData {
    /// The `shared` folder, found by walking up from this source file.
    public static let root: URL? = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("DESIGN.md").path) {
                return candidate
            }
            let sibling = url.deletingLastPathComponent().appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: sibling.appendingPathComponent("DESIGN.md").path) {
                return sibling
            }
        }
        return nil
    }()

    /// `shared/json-test-suite/test_parsing`, if present.
    public static var testParsingFolder: URL? {
        guard let root else { return nil }
        let folder = root.appendingPathComponent("json-test-suite/test_parsing")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    /// `shared/bench-data`, if present.
    public static var benchDataFolder: URL? {
        guard let root else { return nil }
        let folder = root.appendingPathComponent("bench-data")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }
}

/// A small deterministic random number generator (SplitMix64), so generated fixtures are the
/// same on every run and every machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The limit for resident-memory growth in a test whose plain-build limit is `bound`. Under
/// AddressSanitizer or ThreadSanitizer freed memory stays in the sanitizer's own caches and the
/// resident size wanders by megabytes, so the limit is five times wider there; `make leaks`
/// has LeakSanitizer look for leaks directly.
public func residentGrowthBound(_ bound: Int) -> Int { runsUnderSanitizer ? bound * 5 : bound }

/// Whether this process runs under ThreadSanitizer, whose shadow memory grows with every page
/// touched (about twenty times what a parse itself takes): resident sizes measure nothing of
/// FastMap there.
public let runsUnderThreadSanitizer: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

private let runsUnderSanitizer: Bool = {
    let process = dlopen(nil, RTLD_NOW)
    return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
}()

/// The resident set size of this process in bytes, from /proc (0 where unavailable).
public func residentMemoryBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Every ordering of `items` (n! of them: keep `items` short).
public func permutations<Element>(_ items: [Element]) -> [[Element]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index in
        var rest = items
        let first = rest.remove(at: index)
        return permutations(rest).map { [first] + $0 }
    }
}
