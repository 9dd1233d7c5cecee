// swift-tools-version: 6.2
// libFuzzer targets for FastMap. Built and run by `make fuzz` (see the Makefile) with
// `-sanitize=fuzzer,address`; kept out of the main package so `swift test` never sees them.
import PackageDescription

let fuzzSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]
let fastMap: Target.Dependency = .product(name: "FastMap", package: "FastMap")

let package = Package(
    name: "FastMapFuzz",
    dependencies: [.package(name: "FastMap", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: [fastMap, "CFuzzDriver"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzParse", dependencies: [fastMap, "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzKeyPath", dependencies: [fastMap, "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzDecode", dependencies: [fastMap, "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzEncode", dependencies: [fastMap, "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzStream", dependencies: [fastMap, "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzCompose", dependencies: [fastMap, "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzEngines", dependencies: [fastMap, "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(
            name: "FuzzLadybug",
            dependencies: [fastMap, .product(name: "FastMapLadybug", package: "FastMap"), "FuzzSupport"],
            swiftSettings: fuzzSettings),
    ]
)
