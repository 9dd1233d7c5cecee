// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "FastMap",
    products: [
        .library(name: "FastMap", targets: ["FastMap"])
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),
        .target(
            name: "CFastMap",
            dependencies: ["CJansson", "CYajl"],
            cSettings: [.unsafeFlags(["-O3"])]
        ),
        .target(
            name: "FastMap",
            dependencies: ["CJansson", "CYajl", "CFastMap"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "FastMapTestSupport",
            dependencies: ["FastMap"],
            path: "Tests/FastMapTestSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "FastMapBenchmarks",
            dependencies: ["FastMap"],
            path: "Benchmarks/FastMapBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "StreamingBench",
            dependencies: ["FastMap"],
            path: "Benchmarks/StreamingBench",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "FastMapTests",
            dependencies: ["FastMap", "FastMapTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
