// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "FastMap",
    products: [
        .library(name: "FastMap", targets: ["FastMap"])
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0")
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
        .macro(
            name: "FastMapMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "FastMap",
            dependencies: ["CJansson", "CYajl", "CFastMap", "FastMapMacros"],
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
        // Swift 5 language mode: Ladybug-era models (`static var` tables, plain closures) compile.
        .testTarget(
            name: "FastMapSwift5Tests",
            dependencies: ["FastMap"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "FastMapMacroTests",
            dependencies: [
                "FastMapMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
