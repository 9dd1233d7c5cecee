// swift-tools-version: 6.2
import CompilerPluginSupport
import Foundation
import PackageDescription

// The layers, pointing one way (ARCHITECTURE.md):
//   CJansson, CYajl (system) → CFastMap (C bridge) → FastMapCore (the only Swift module that
//   touches C) → FastMap (Codable, streaming, hand mapping) → FastMapModels, FastMapLadybug.
// `swift build --product FastMap` compiles no swift-syntax: only FastMapModels uses the macros.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

// The server integrations sit behind package traits of the same names (none on by default), so a
// user of plain `FastMap` resolves and builds none of SwiftNIO, Hummingbird or Vapor. Their
// sources are guarded by `#if NIO` / `#if Hummingbird` / `#if Vapor`.
let nio = TargetDependencyCondition.when(traits: ["NIO"])
let hummingbird = TargetDependencyCondition.when(traits: ["Hummingbird"])
let vapor = TargetDependencyCondition.when(traits: ["Vapor"])

let package = Package(
    name: "FastMap",
    // The floor `import Synchronization` (`Atomic`, `Mutex`) sets on Apple platforms; `RawSpan`
    // is back-deployed further by the Swift 6.2 toolchain. Only Linux is built and tested
    // (README, "Installation"); the Apple floors are declared, not tested.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FastMap", targets: ["FastMap"]),
        .library(name: "FastMapModels", targets: ["FastMapModels"]),
        .library(name: "FastMapLadybug", targets: ["FastMapLadybug"]),
        .library(name: "FastMapNIO", targets: ["FastMapNIO"]),
        .library(name: "FastMapHummingbird", targets: ["FastMapHummingbird"]),
        .library(name: "FastMapVapor", targets: ["FastMapVapor"]),
    ],
    traits: [
        .trait(name: "NIO", description: "FastMapNIO: ByteBuffer decoding, encoding and streaming."),
        .trait(
            name: "Hummingbird", description: "FastMapHummingbird: Hummingbird 2 request and response coders.",
            enabledTraits: ["NIO"]),
        .trait(
            name: "Vapor", description: "FastMapVapor: Vapor 4 content coders and body streaming.",
            enabledTraits: ["NIO"]),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.0"),
    ],
    targets: [
        // The system libraries. SwiftPM prints a provider's install line when pkg-config cannot
        // find a library; each shim.h names the package to install on every system when the
        // header is missing (README, "Installation").
        .systemLibrary(
            name: "CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .yum(["jansson-devel"]), .brew(["jansson"])]),
        .systemLibrary(
            name: "CYajl", pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .yum(["yajl-devel"]), .brew(["yajl"])]),
        // simdjson (C++) behind a C header: a tokenizer reporting tokens to CFastMap's builder.
        // No `pkgConfig` here: simdjson.pc (Debian's, Homebrew's) carries
        // -DSIMDJSON_THREADS_ENABLED=1, which SwiftPM refuses from pkg-config; it then warns on
        // every build and drops the whole entry, paths included. So the define is set below (it
        // changes the parser's layout) and the header is found on the compiler's own search
        // path; when it is not there, shim.h's #error names the package to install.
        .systemLibrary(
            name: "CSimdjson",
            providers: [.apt(["libsimdjson-dev"]), .yum(["simdjson-devel"]), .brew(["simdjson"])]),
        .target(
            name: "CFastMapSimdjson", dependencies: ["CSimdjson"],
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
                // simdjson checks its internal invariants with assert() unless NDEBUG
                // is set (its own release builds set it); SwiftPM does not set it for C++. Debug
                // builds (the tests, the fuzzers) keep the checks.
                .define("NDEBUG", .when(configuration: .release)),
            ],
            // The module map's `link` only reaches Swift importers, and no Swift code imports it.
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        .target(name: "CFastMap", dependencies: ["CJansson", "CYajl", "CFastMapSimdjson"]),
        // The key-path grammar, shared by the runtime and the macro (no dependencies).
        .target(name: "FastMapKeyPathGrammar", swiftSettings: swift6),
        .target(
            name: "FastMapCore",
            dependencies: ["CJansson", "CYajl", "CFastMap", "FastMapKeyPathGrammar"],
            swiftSettings: swift6
        ),
        .target(name: "FastMap", dependencies: ["FastMapCore"], swiftSettings: swift6),
        // The macros' expansions, in a library of their own so that FastMapMacroTests can link
        // them: a test target depending on the macro target itself makes SwiftPM build every
        // test and everything they import a second time, for the host (`-tool` modules).
        .target(
            name: "FastMapMacroExpansions",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                "FastMapKeyPathGrammar",
            ],
            swiftSettings: swift6
        ),
        .macro(
            name: "FastMapMacros",
            dependencies: [
                "FastMapMacroExpansions",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: swift6
        ),
        .target(name: "FastMapModels", dependencies: ["FastMap", "FastMapMacros"], swiftSettings: swift6),
        .target(name: "FastMapLadybug", dependencies: ["FastMap"], swiftSettings: swift6),
        // Server integrations (ARCHITECTURE.md): FastMapNIO on FastMap; the framework modules on
        // FastMapNIO, never on each other.
        .target(
            name: "FastMapNIO",
            dependencies: ["FastMap", .product(name: "NIOCore", package: "swift-nio", condition: nio)],
            swiftSettings: swift6
        ),
        .target(
            name: "FastMapHummingbird",
            dependencies: [
                "FastMapNIO", .product(name: "Hummingbird", package: "hummingbird", condition: hummingbird),
            ],
            swiftSettings: swift6
        ),
        .target(
            name: "FastMapVapor",
            dependencies: ["FastMapNIO", .product(name: "Vapor", package: "vapor", condition: vapor)],
            swiftSettings: swift6
        ),
        .target(
            name: "FastMapTestSupport",
            dependencies: ["FastMap"],
            path: "Tests/FastMapTestSupport",
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "FastMapBenchmarks",
            dependencies: ["FastMap", "FastMapModels", "FastMapLadybug", "CBenchReference"],
            path: "Benchmarks/FastMapBenchmarks",
            swiftSettings: swift6
        ),
        // The heap in use and jansson's own tree, for `make bench`'s memory table.
        .target(name: "CBenchReference", dependencies: ["CJansson"], path: "Benchmarks/CBenchReference"),
        .executableTarget(
            name: "StreamingBench",
            dependencies: ["FastMap"],
            path: "Benchmarks/StreamingBench",
            swiftSettings: swift6
        ),
        // A second jansson user in the test process (its own allocation functions, installed
        // before main): FastMap must leave jansson's process-wide state alone.
        .target(name: "CJanssonNeighbour", dependencies: ["CJansson"], path: "Tests/CJanssonNeighbour"),
        .testTarget(
            name: "FastMapCoreTests", dependencies: ["FastMapCore", "FastMapTestSupport", "CJanssonNeighbour"],
            swiftSettings: swift6),
        // Parses one hostile shape under a memory limit in a process of its own, for the peak
        // memory test (SafetyMemoryLimitPeakTests); a dependency so that `swift test` builds it.
        .executableTarget(
            name: "FastMapMemoryProbe", dependencies: ["FastMap"], path: "Tests/FastMapMemoryProbe",
            swiftSettings: swift6),
        .testTarget(
            name: "FastMapTests",
            dependencies: ["FastMap", "FastMapTestSupport", "CJanssonNeighbour", "FastMapMemoryProbe"],
            swiftSettings: swift6),
        .testTarget(
            name: "FastMapModelsTests",
            dependencies: ["FastMapModels", "FastMapTestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FastMapNIOTests",
            dependencies: [
                "FastMapNIO", "FastMapTestSupport", .product(name: "NIOCore", package: "swift-nio", condition: nio),
                // Proves FastMapNIO's ByteBuffer methods and NIO's own JSONDecoder ones coexist.
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: nio),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FastMapHummingbirdTests",
            dependencies: [
                "FastMapHummingbird", "FastMapTestSupport",
                .product(name: "Hummingbird", package: "hummingbird", condition: hummingbird),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FastMapVaporTests",
            dependencies: [
                "FastMapVapor", "FastMapTestSupport", .product(name: "Vapor", package: "vapor", condition: vapor),
            ],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FastMapLadybugTests",
            dependencies: ["FastMapLadybug", "FastMapTestSupport"],
            swiftSettings: swift6
        ),
        // Swift 5 language mode: Ladybug-era models (`static var` tables, plain closures) compile.
        .testTarget(
            name: "FastMapSwift5Tests",
            dependencies: ["FastMapLadybug"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "FastMapMacroTests",
            dependencies: [
                "FastMapMacroExpansions",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            swiftSettings: swift6
        ),
    ]
)

// The documentation's snippets (`make snippets`, part of `make test`): Tests/Snippets/snippets.sh
// writes each Swift block of the README and the DocC articles to FASTMAP_SNIPPETS/<name>/main.swift,
// and each becomes an executable here, depending on the modules it imports, so the snippets
// compile in this package's build with its flags and traits. Unset (always, for a package that
// depends on FastMap), the manifest declares none.
if let snippets = Context.environment["FASTMAP_SNIPPETS"] {
    let modules: [String: Target.Dependency] = [
        "FastMap": "FastMap", "FastMapModels": "FastMapModels", "FastMapLadybug": "FastMapLadybug",
        "FastMapNIO": "FastMapNIO", "FastMapHummingbird": "FastMapHummingbird", "FastMapVapor": "FastMapVapor",
        "NIOCore": .product(name: "NIOCore", package: "swift-nio", condition: nio),
        "Hummingbird": .product(name: "Hummingbird", package: "hummingbird", condition: hummingbird),
        "Vapor": .product(name: "Vapor", package: "vapor", condition: vapor),
    ]
    let root = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(snippets)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    for name in names.sorted() where name.hasPrefix("Snippet_") {
        let main = root.appendingPathComponent(name).appendingPathComponent("main.swift")
        let text = (try? String(contentsOf: main, encoding: .utf8)) ?? ""
        let imported = text.split(separator: "\n").compactMap { line -> Target.Dependency? in
            let words = line.split(separator: " ")
            return words.count == 2 && words[0] == "import" ? modules[String(words[1])] : nil
        }
        package.targets.append(
            .executableTarget(
                name: name, dependencies: imported, path: "\(snippets)/\(name)",
                swiftSettings: swift6))
    }
}

// The sanitizer builds (`make sanitize`) load the macro plugin that `make test`'s build made,
// passing `-load-plugin-executable` on their command line, instead of building swift-syntax and
// the macro again with the sanitizer's instrumentation: that was more than half of each sanitizer
// build (the leak check's took 667 s, 293 s with the plugin). FASTMAP_MACRO_PLUGIN, set by the
// Makefile to the plugin's path, drops the macro's targets here; its own expansion tests, syntax
// in and syntax out, run in `make test`. Unset (always, for a package that depends on FastMap),
// the manifest is the one above.
if Context.environment["FASTMAP_MACRO_PLUGIN"] != nil {
    let macroTargets: Set = ["FastMapMacros", "FastMapMacroExpansions", "FastMapMacroTests"]
    package.targets.removeAll { macroTargets.contains($0.name) }
    for target in package.targets {
        target.dependencies.removeAll {
            if case .byNameItem(name: "FastMapMacros", _) = $0 { return true }
            return false
        }
    }
}
