// swift-tools-version: 6.2
import PackageDescription

// The ingestion service example: a Hummingbird service storing events in SQLite, a package of
// its own that depends on FastMap as an application would (by path here; by URL in yours), so
// the library's manifest publishes only library products.
//   swift run -c release IngestService --port 8080      (in this directory)
//   swift test                                          (the end-to-end tests; `make test` runs them)
let package = Package(
    name: "IngestService",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` because a path dependency is otherwise known by its directory's name, which
        // a clone or worktree may spell differently from "FastMap".
        .package(name: "FastMap", path: "../..", traits: ["Hummingbird"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"]), .brew(["sqlite"])]),
        // The routes, in a library so that the end-to-end tests start the service in-process.
        .target(
            name: "IngestKit",
            dependencies: [
                "CSQLite",
                .product(name: "FastMapHummingbird", package: "FastMap"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "IngestService",
            dependencies: ["IngestKit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Real HTTP on an ephemeral loopback port (LoopbackHTTPClient.swift is a symbolic link to
        // the test client of FastMap's own suite, Tests/FastMapTestSupport).
        .testTarget(
            name: "IngestServiceTests",
            dependencies: [
                "IngestKit",
                .product(name: "FastMapHummingbird", package: "FastMap"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
