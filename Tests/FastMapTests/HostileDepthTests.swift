import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// 100,000 nested arrays or objects through every API: each gives an error, none overflows the
/// stack, whether the nesting arrives as text, as a tree built in code or as a Swift value.
@Suite("Hostile input: depth")
struct HostileDepthTests {
    static let shapes: [(name: String, bytes: [UInt8])] = [
        ("arrays", Hostile.nestedArrays(Hostile.depth)), ("objects", Hostile.nestedObjects(Hostile.depth)),
    ]

    @Test(arguments: JSONParser.allCases)
    func parsingStopsAtTheLimit(parser: JSONParser) throws {
        for (name, bytes) in Self.shapes {
            let error = try #require(throws: FastMapError.self, "\(name)") {
                try JSON(bytes: bytes, options: .init(parser: parser))
            }
            #expect(error.kind == .depthLimit, "\(name)")
            // Reported just past the 513th opening bracket, where the document becomes too deep.
            let opening = name == "arrays" ? 512 : 512 * 5
            #expect(error.location?.offset == opening + 1, "\(name): \(error)")
        }
    }

    /// A caller may raise the limit: the deep tree then parses, and every operation on it
    /// (comparing, describing, writing, converting, decoding, dropping) stays off the call stack
    /// or stops at its own limit.
    @Test(arguments: JSONParser.allCases)
    func raisedLimitsKeepEveryOperationSafe(parser: JSONParser) throws {
        for (name, bytes) in Self.shapes {
            let options = JSON.ReadingOptions(parser: parser, maximumDepth: Hostile.depth + 1)
            let json = try JSON(bytes: bytes, options: options)
            let again = try JSON(bytes: bytes, options: options)
            #expect(json == again, "\(name)")
            #expect(json.description.contains("nested deeper than"), "\(name)")
            let writing = try #require(throws: FastMapError.self) { try json.data() }
            #expect(writing.kind == .depthLimit)
            let decoding = try #require(throws: DecodingError.self) {
                try FastJSONDecoder().decode(HostileNest.self, from: json)
            }
            #expect(Hostile.fastMapError(decoding)?.kind == .depthLimit, "\(name)")
        }
    }

    @Test func decodingTextStopsAtTheLimit() throws {
        for parser in JSONParser.allCases {
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            for (name, bytes) in Self.shapes {
                let error = try #require(throws: DecodingError.self) {
                    try decoder.decode(HostileNest.self, from: bytes)
                }
                guard case .dataCorrupted = error else {
                    Issue.record("\(name): \(error)")
                    continue
                }
                #expect(Hostile.fastMapError(error)?.kind == .depthLimit, "\(name)")
                #expect(throws: DecodingError.self) { try decoder.decode(HostileNest.self, from: bytes, at: "a.a") }
            }
        }
    }

    /// A tree built in code has no parser in front of it: the decoder's own limit stops it.
    @Test func treesBuiltInCodeStopDecodingAndWriting() throws {
        var arrays: JSON = 1
        var objects: JSON = 1
        for _ in 0..<Hostile.depth {
            arrays = JSON(array: [arrays])
            objects = JSON(object: ["a": objects])
        }
        for tree in [arrays, objects] {
            let error = try #require(throws: DecodingError.self) {
                try FastJSONDecoder().decode(HostileNest.self, from: tree)
            }
            #expect(Hostile.fastMapError(error)?.kind == .depthLimit)
            #expect(throws: FastMapError.self) { try tree.data() }
            #expect(throws: (any Error).self) { try FastJSONEncoder().encode(tree) }
            #expect(tree == tree)
        }
        #expect(arrays != objects)
    }

    @Test func streamingStopsAtTheLimit() async throws {
        for (name, bytes) in Self.shapes {
            let array = [UInt8(ascii: "[")] + bytes + [UInt8(ascii: "]")]
            let streamed = await Hostile.streamed(HostileNest.self, array)
            #expect(streamed.elements.isEmpty, "\(name)")
            #expect(
                streamed.error.flatMap(Hostile.fastMapError)?.kind == .depthLimit,
                "\(name): \(String(describing: streamed.error))")

            let lines = Array(#"{"a":1}"#.utf8) + [0x0A] + bytes + [0x0A] + Array("[2]".utf8)
            let decoder = FastJSONDecoder()
            let failures = FailureLog()
            var delivered: [HostileNest] = []
            for try await element in decoder.lines(
                HostileNest.self, from: Hostile.chunks(lines, size: 1000), onError: .collect { failures.append($0) })
            {
                delivered.append(element)
            }
            #expect(delivered == [.map(["a": .leaf(1)]), .list([.leaf(2)])], "\(name)")
            #expect(failures.all.map(\.index) == [1], "\(name)")
            #expect(failures.all.first.flatMap { Hostile.fastMapError($0.error) }?.kind == .depthLimit)

            let url = try Hostile.temporaryFile(array)
            defer { try? FileManager.default.removeItem(at: url) }
            let error = try #require(throws: DecodingError.self) {
                try decoder.forEach(HostileNest.self, contentsOf: url) { _ in }
            }
            #expect(Hostile.fastMapError(error)?.kind == .depthLimit, "\(name)")
        }
    }

    @Test func keyPathsOfAnyLength() throws {
        let components = Array(repeating: JSONKeyPath.Component.key("a"), count: Hostile.depth)
        let path = JSONKeyPath(components: components)
        let text = Array(repeating: "a", count: Hostile.depth).joined(separator: ".")
        #expect(JSONKeyPath(stringLiteral: text) == path)
        #expect(path.description == text)

        let shallow = try JSON(string: #"{"a":{"a":1}}"#)
        #expect(shallow[path] == nil)
        #expect(throws: FastMapError.self) { try shallow.value(at: path) }
        #expect(throws: DecodingError.self) { try FastJSONDecoder().decode(Int.self, from: shallow, at: path) }
        #expect(throws: (any Error).self) { let _: Int = try shallow.decode(path) }

        let deep = try JSON(
            bytes: Hostile.nestedObjects(Hostile.depth), options: .init(maximumDepth: Hostile.depth + 1))
        #expect(deep[path]?.int == 1)
        #expect(try deep.value(at: path).int == 1)
        let mapped: Int = try deep.decode(path)
        #expect(mapped == 1)
        let operated: Int = try deep => path
        #expect(operated == 1)
        #expect(try FastJSONDecoder().decode(Int.self, from: deep, at: path) == 1)
    }

    @Test func encodingDeepValuesStopsAtTheLimit() throws {
        for keyed in [false, true] {
            let value = HostileDeepValue(depth: Hostile.depth, keyed: keyed)
            let error = try #require(throws: EncodingError.self) { try FastJSONEncoder().encode(value) }
            guard case .invalidValue(_, let context) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect((context.underlyingError as? FastMapError)?.kind == .depthLimit)
            #expect(throws: EncodingError.self) { try FastJSONEncoder().encodeToJSON(value) }
            let pretty = FastJSONEncoder()
            pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
            #expect(throws: EncodingError.self) { try pretty.encode(value) }
        }
        // Foundation's limit, exactly.
        for depth in 509...514 {
            let value = HostileDeepValue(depth: depth, keyed: depth.isMultiple(of: 2))
            let fast = try? FastJSONEncoder().encode(value)
            let foundation = try? JSONEncoder().encode(value)
            #expect(fast == foundation, "\(depth) levels")
        }
    }
}

/// Collects stream failures from the consuming task.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [FastJSONDecoder.ElementFailure] = []

    /// Records one failure; usable as a `.collect` handler.
    func append(_ failure: FastJSONDecoder.ElementFailure) { lock.withLock { failures.append(failure) } }

    /// Every failure so far, in order.
    var all: [FastJSONDecoder.ElementFailure] { lock.withLock { failures } }
}
