// swift-tools-version: 6.2
// A user of plain FastMap (default traits, none on): check.sh resolves it to prove that such a
// user gets none of SwiftNIO, Hummingbird or Vapor.
import PackageDescription

let package = Package(
    name: "PlainConsumer",
    dependencies: [.package(name: "FastMap", path: "../../..")],
    targets: [.target(name: "PlainConsumer", dependencies: [.product(name: "FastMap", package: "FastMap")])]
)
