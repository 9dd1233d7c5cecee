import CJanssonNeighbour
import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Decoding beside another jansson user with its own allocators (`Tests/CJanssonNeighbour`,
/// installed before `main`): negative and unsigned integers come back exactly through every way
/// in — whole documents, learned (sparse) decodes, streamed elements — and the neighbour's
/// allocators stay installed and working.
@Suite struct JanssonNeighbourDecodingTests {
    struct Row: Codable, Equatable {
        var id: Int64
        var name: String
    }

    static let rows = (0..<200).map { Row(id: $0 % 2 == 0 ? -Int64($0) - 1 : Int64($0), name: "row \($0)") }

    @Test(arguments: JSONParser.allCases)
    func negativeIdsDecodeExactly(parser: JSONParser) throws {
        let decoder = FastJSONDecoder()
        decoder.parser = parser
        let data = try JSONEncoder().encode(Self.rows)
        for _ in 0..<20 {
            // The same type again and again: later decodes are learned (sparse) ones.
            #expect(try decoder.decode([Row].self, from: data) == Self.rows)
        }
        #expect(try decoder.decode([Int64].self, from: Data("[-1, -2]".utf8)) == [-1, -2])
        for _ in 0..<1_000 {
            #expect(try decoder.decode([UInt64].self, from: Data("[18446744073709551615]".utf8)) == [.max])
            #expect(try decoder.decode([Int64].self, from: Data("[-1]".utf8)) == [-1])
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("neighbour-\(UUID()).json")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var streamed: [Row] = []
        try decoder.forEach(Row.self, contentsOf: url) { streamed.append($0) }
        #expect(streamed == Self.rows)
        #expect(neighbour_hooks_are_installed() != 0)
        #expect(neighbour_round_trip() != 0)
    }
}
