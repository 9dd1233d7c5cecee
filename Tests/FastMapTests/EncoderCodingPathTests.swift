// Coding paths seen through super encoders and the containers nested in them, in the
// streaming encoder and (through encodeToJSON) the tree encoder: both build them from
// CodingPathNode chains and must report what JSONEncoder reports.
import FastMap
import Foundation
import Testing

/// Writes the coding paths it sees through keyed and unkeyed super encoders.
struct SuperPathReporter: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        let parent = container.superEncoder(forKey: AnyKey("parent"))
        var parentContainer = parent.container(keyedBy: AnyKey.self)
        try parentContainer.encode(parent.codingPath.map(\.stringValue), forKey: AnyKey("encoderPath"))
        var nested = parentContainer.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try nested.encode(nested.codingPath.map(\.stringValue))
        try nested.encode(PathReporterChild())
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("elements"))
        try list.encode(0)
        let element = list.superEncoder()
        var elementContainer = element.container(keyedBy: AnyKey.self)
        try elementContainer.encode(
            element.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }, forKey: AnyKey("path"))
        try elementContainer.encode([PathReporterChild()], forKey: AnyKey("children"))
        let plain = container.superEncoder()
        var single = plain.singleValueContainer()
        try single.encode(plain.codingPath.map(\.stringValue))
    }
}

/// Fails deep inside a super encoder's nested containers.
struct FailsInsideSuper: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        var inner = container.superEncoder(forKey: AnyKey("base")).container(keyedBy: AnyKey.self)
        var list = inner.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encode(1)
        var object = list.nestedContainer(keyedBy: AnyKey.self)
        try object.encode([["x": [1, Double.nan]]], forKey: AnyKey("deep"))
    }
}

@Suite("FastJSONEncoder coding paths")
struct EncoderCodingPathTests {
    @Test func superEncoderPaths() {
        expectSameEncoding([SuperPathReporter(), SuperPathReporter()])
        expectSameEncoding(SuperPathReporter(), setup: EncoderSetup(keyStrategy: .convertToSnakeCase))
    }

    @Test func errorFromDeepInsideASuperEncoder() throws {
        expectSameEncoding(FailsInsideSuper())
        let error = try #require(throws: EncodingError.self) { try FastJSONEncoder().encode(FailsInsideSuper()) }
        #expect(EncodingErrorSummary(error)?.path == ["base", "deep", "Index 0#0", "x", "Index 1#1"])
        let treeError = try #require(throws: EncodingError.self) {
            try FastJSONEncoder().encodeToJSON(FailsInsideSuper())
        }
        #expect(EncodingErrorSummary(treeError) == EncodingErrorSummary(error))
    }
}
