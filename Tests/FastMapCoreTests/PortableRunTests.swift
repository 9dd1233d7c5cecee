import CFastMap
import Foundation
import Testing

/// `make sanitize` (its ThreadSanitizer run, the whole suite) and `make test-portable` (the
/// engine, decoder and streaming suites) run as a CPU without SSE2 or AVX2 (an arm64 server)
/// would: CFastMap built with FASTMAP_PORTABLE (its own SSE2 paths compiled out) and simdjson on
/// its portable kernel (SIMDJSON_FORCE_IMPLEMENTATION=fallback). Both also set FASTMAP_PORTABLE=1
/// in the environment, so that these tests know to check both.
@Suite struct PortableRunTests {
    static let environment = ProcessInfo.processInfo.environment

    static func simdjsonImplementation() -> String {
        var name = [CChar](repeating: 0, count: 64)
        let length = fm_test_simdjson_implementation(&name, name.count)
        return String(decoding: name.prefix(min(length, name.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func simdjsonRunsTheImplementationTheEnvironmentForces() {
        let active = Self.simdjsonImplementation()
        #expect(!active.isEmpty && active != "unsupported", "simdjson has no implementation for this CPU")
        if let forced = Self.environment["SIMDJSON_FORCE_IMPLEMENTATION"] {
            #expect(active == forced)
        }
    }

    @Test func ownSIMDPathsAreCompiledOutOnlyInThePortableBuild() {
        if Self.environment["FASTMAP_PORTABLE"] != nil {
            #expect(fm_test_own_simd_paths() == 0, "CFastMap was not built with FASTMAP_PORTABLE")
        } else {
            #if arch(x86_64)
                #expect(fm_test_own_simd_paths() == 1)
            #endif
        }
    }
}
