// swift-tools-version: 6.2
// libFuzzer targets for FastMap. Built and run by `make fuzz` (see the Makefile) with
// `-sanitize=fuzzer,address`; kept out of the main package so `swift test` never sees them.
import PackageDescription

let fuzzSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "FastMapFuzz",
    dependencies: [.package(name: "FastMap", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzParse", dependencies: [.product(name: "FastMap", package: "FastMap")],
            swiftSettings: fuzzSettings),
        .executableTarget(
            name: "FuzzKeyPath", dependencies: [.product(name: "FastMap", package: "FastMap")],
            swiftSettings: fuzzSettings),
    ]
)
