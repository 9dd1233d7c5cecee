@_spi(FastMapCore) import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// Issue #17: sparse decoding is invisible. Over sequences of documents that make the models
/// read different members, a decoder that builds only what each type read before gives every
/// value and every error (case, coding path, description, underlying `FastMapError` with its
/// node and root) that a decoder building full trees gives, through schema widening and
/// fallbacks; and the sparse path really runs.
@Suite struct SparseDecodingTests {
    static func records(_ count: Int, from start: Int = 0) -> String {
        let items = (start..<start + count).map { i in
            #"{"id":\#(i),"name":"n\#(i)","email":"e\#(i)@x","score":\#(Double(i) / 4),"#
                + #""tags":["a","b",{"deep":[1,2,3]}],"address":{"city":"c","zip":"\#(i)"}}"#
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    @Test func twoOfSixKeysTakeTheSparsePath() {
        let documents = [Self.records(3), Self.records(5, from: 10), Self.records(1, from: 99)]
        let statistics = expectSparseMatchesFull([SparseRecord].self, documents)
        // The first decode only noted the type, the second learned, every later one was
        // answered from a filtered tree.
        #expect(statistics.firstDecodes == 1)
        #expect(statistics.learningDecodes == 1)
        #expect(statistics.fallbacks == 0)
        #expect(statistics.filteredDecodes == documents.count * 2 - 2)
    }

    @Test func aTypeReadingEveryValueKeepsThePlainPath() {
        // The learning decode's document (the second) shows the type reads all of it: a
        // filtered parse would save nothing.
        let documents = [
            #"[{"x":1,"y":2},{"x":3,"y":4}]"#, #"[{"x":7,"y":8}]"#, #"[{"x":5,"y":6,"z":[1,2,3,4,5,6]}]"#,
        ]
        let statistics = expectSparseMatchesFull([SparsePoint].self, documents)
        #expect(statistics.learningDecodes == 1)
        #expect(statistics.filteredDecodes == 0)
    }

    @Test func errorsAreTheFullTreesErrors() {
        let documents = [
            Self.records(2),
            #"[{"id":1,"name":"a","other":{"x":[1,2]}},{"id":"2","name":"b"}]"#,  // type mismatch
            #"[{"id":1,"other":{"x":1}}]"#,  // missing key: snippet of the object, full root
            #"[{"id":1,"name":null,"zzz":[]}]"#,  // null
            #"[{"id":1,"name":"a","skipped":"\ud800"}]"#,  // bad escape in a skipped member
            #"[{"id":1,"name":"a","skipped":[1,2}]"#,  // syntax error in a skipped member
            #"[{"id":1,"name":"a","skipped":[[[[[[[[[[]]]]]]]]]]}]"#,  // too deep (limit 8)
            #"[{"id":1,"name":"a","id":2}]"#,  // duplicate: first wins
            #"[{"id":1,"name":"a",}]"#, "[]", "{}", "", "nul", Self.records(2),
        ]
        let statistics = expectSparseMatchesFull([SparseContact].self, documents) { $0.maximumDepth = 8 }
        #expect(statistics.filteredDecodes > 0)
        // Documents decoded sparsely and then failing were decoded again in full.
        #expect(statistics.fallbacks > 0)
    }

    @Test func aTypeTagChoosingMembersWidensTheSchema() {
        let documents = [
            #"{"type":"circle","radius":2.5,"side":9,"points":[{"x":1,"y":2}],"label":"c"}"#,
            #"{"type":"square","side":3,"label":"sq","radius":1}"#,
            #"{"type":"square","side":4}"#,
            #"{"type":"polygon","points":[{"x":1,"y":2,"z":3},{"x":4,"y":5}],"side":1}"#,
            #"{"type":"polygon","points":[{"x":1}]}"#,
            #"{"type":"circle","radius":"big"}"#,
        ]
        let statistics = expectSparseMatchesFull(SparseShape.self, documents, rounds: 3)
        // The first round taught the schema every variant; later rounds decode sparsely.
        #expect(statistics.filteredDecodes >= documents.count)
        let arrays = documents.map { "[" + $0 + "," + $0 + "]" }
        expectSparseMatchesFull([SparseShape].self, arrays, rounds: 2)
    }

    @Test func readsThatDependOnValuesStayExact() {
        // Each document after the first reads a key (or all keys) the ones before did not.
        let documents = [
            #"{"mode":"indirect","target":"y","y":"found","z":"zed"}"#,
            #"{"mode":"plain","y":"why"}"#,
            #"{"mode":"plain","x":"ex","y":"why"}"#,
            #"{"mode":"all","x":"ex","q":"why"}"#,
            #"{"mode":"plain","y":"why"}"#,
            #"{"mode":"indirect","target":"y","y":"found","z":"zed"}"#,
            #"{"mode":"indirect","target":"z","y":"found","z":"zed"}"#,
            #"{"mode":"indirect","target":"w","y":"found"}"#,
            #"{"mode":"plain","x":1}"#,
        ]
        let statistics = expectSparseMatchesFull(SparseBranching.self, documents, rounds: 3)
        #expect(statistics.filteredDecodes > 0 && statistics.fallbacks > 0)
    }

    @Test func dictionariesJSONValuesAndNestedArrays() {
        let documents = [
            #"{"name":"a","items":[{"id":1,"author":{"name":"x","age":3},"junk":[1]}]}"#,
            #"{"name":"b","tags":{"t":1,"u":2},"items":[{"id":2,"matrix":[[{"x":1,"y":2,"w":0}],[]]}]}"#,
            #"{"name":"c","payload":{"any":[1,{"thing":true}],"x":null},"skip":{"me":1}}"#,
            #"{"name":"d","payload":[1,2],"tags":{"t":"not a number"}}"#,
            #"{"name":"e","items":[{"id":3,"author":{"nom":"y"}}]}"#,
            #"{"name":"f","items":[{"id":4,"matrix":[[{"x":1}]]}]}"#,
        ]
        expectSparseMatchesFull(SparseMixed.self, documents, rounds: 3)
        expectSparseMatchesFull(SparseMixed.self, documents, rounds: 2) { $0.parser = .simdjson }
    }

    /// A `[String: Value]` reads every key and each value as a value of its own: the schema
    /// keeps every member and filters inside them (the whole object used to be kept, so such
    /// documents never took the sparse path). Repeated keys, non-ASCII keys, a value missing a
    /// member or of the wrong type all decode (or fail) as in full.
    @Test func dictionariesKeepEveryKeyAndFilterTheirValues() {
        let clean = [
            #"{"a":{"id":1,"name":"x","junk":[1,2,{"deep":true}]},"b":{"id":2,"name":"y","more":"z"}}"#,
            #"{"c":{"id":3,"name":"z","junk":{"k":1}},"\u00e9":{"id":4,"name":"w"},"e\u0301":{"id":5,"name":"v"}}"#,
            #"{"a":{"id":1,"name":"x"},"a":{"id":2,"name":"dup","junk":0}}"#,
            #"{}"#,
        ]
        let statistics = expectSparseMatchesFull([String: SparseEntry].self, clean, rounds: 3)
        #expect(statistics.learningDecodes == 1)
        #expect(statistics.fallbacks == 0)
        #expect(statistics.filteredDecodes == clean.count * 3 - 2)
        let failing = [
            #"{"a":{"id":1}}"#, #"{"a":{"id":"one","name":"x"}}"#, #"{"a":[1]}"#, #"[{"id":1,"name":"x"}]"#,
        ]
        expectSparseMatchesFull([String: SparseEntry].self, failing + clean, rounds: 2)
    }

    /// ASCII names that a document spells with the non-ASCII characters Swift calls equal to
    /// them (Kelvin sign for `K`, and two more): the filtered parse keeps those spellings too, so
    /// the documents stay filtered (no fallback) and decode as in full and as `JSONDecoder` does.
    @Test func asciiNamesSpelledOtherwiseStayFiltered() {
        let documents = SparseOtherSpellings.objects
        let statistics = expectSparseMatchesFull(SparseOtherSpellings.self, documents, rounds: 2)
        #expect(statistics.learningDecodes == 1)
        #expect(statistics.fallbacks == 0)
        #expect(statistics.filteredDecodes == documents.count * 2 - 2)
        for document in documents + SparseOtherSpellings.lookalikes + [SparseOtherSpellings.spelledOtherwiseFirst] {
            assertSameDecoding(SparseOtherSpellings.self, document)
        }
        expectSparseMatchesFull(
            SparseOtherSpellings.self, SparseOtherSpellings.lookalikes + [SparseOtherSpellings.spelledOtherwiseFirst])
        expectSparseMatchesFull(SparseOtherSpellings.self, documents) { $0.parser = .yajl }
    }

    @Test func allKeysAndSynthesizedEnums() {
        let documents = [
            #"{"bag":{"a":1,"b":2},"choice":{"first":{"x":1}},"other":3}"#,
            #"{"bag":{"c":3},"choice":{"second":{"y":"s"}}}"#,
            #"{"bag":{},"choice":{"first":{"x":1},"second":{"y":"s"}}}"#,
            #"{"bag":{"d":"four"}}"#,
        ]
        expectSparseMatchesFull(SparseBag.self, documents, rounds: 3)
    }

    @Test func superDecodersAndEscapingDecodersDecodeInFull() {
        let derived = [
            #"{"derived":2,"super":{"base":1,"x":0},"y":1}"#, #"{"derived":3}"#, #"{"derived":4,"super":{"base":"b"}}"#,
        ]
        let statistics = expectSparseMatchesFull(SparseDerived.self, derived, rounds: 2)
        #expect(statistics.filteredDecodes == 0)
        let later = [#"{"id":1,"later":2,"x":0}"#, #"{"id":2,"y":[1]}"#]
        let laterStatistics = expectSparseMatchesFull(SparseLater.self, later, rounds: 2)
        #expect(laterStatistics.filteredDecodes == 0)
    }

    @Test func exactNumberTextsAndCaughtErrors() {
        let documents = [
            #"{"amount":3.14159265358979323846,"id":7,"x":1}"#, #"{"amount":1,"id":"seven"}"#,
            #"{"amount":0.30000000000000001,"id":"x","y":[1]}"#, #"{"amount":"no","id":1}"#,
        ]
        let statistics = expectSparseMatchesFull(SparseExact.self, documents, rounds: 3)
        // Such a type stops being decoded sparsely once its fallbacks teach nothing.
        #expect(statistics.fallbacks <= 3)
    }

    @Test func optionalKeysAndUnicodeKeys() {
        let documents = [
            #"{"café":1,"other":{"a":1}}"#, #"{"cafe\u0301":2,"plain":3}"#, "{\"cafe\u{301}\":4}",
            #"{"café":5,"plain":null}"#, #"{"plain":6}"#, #"{"café":7,"café":8}"#,
        ]
        expectSparseMatchesFull(SparseAccent.self, documents, rounds: 3)
    }

    @Test func keysDifferingInOneByteAreToldApart() {
        let expected = SparseKeyLengths(values: Array(0...40))
        let documents = [SparseKeyLengths.document(), SparseKeyLengths.document(shuffled: true)]
        for parser in JSONParser.allCases {
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            for document in documents {
                #expect(
                    (try? decoder.decode(SparseKeyLengths.self, from: Data(document.utf8))) == expected,
                    "\(parser)")
            }
            let statistics = expectSparseMatchesFull(SparseKeyLengths.self, documents, rounds: 3) {
                $0.parser = parser
            }
            // yajl and simdjson parse sparsely (jansson always builds the whole tree): their filtered
            // decodes kept all 41 names and none of the 820 decoys.
            if parser != .jansson { #expect(statistics.filteredDecodes > 0, "\(parser)") }
        }
    }

    /// The schema a decode learns numbers each object's members in the order the model read
    /// them; filtered documents keep the document's order, and decode exactly as full ones
    /// whatever that order is.
    @Test func filteredDocumentsOfShuffledMembersDecodeAsFullOnes() throws {
        for parser in [JSONParser.yajl, .simdjson] {
            let statistics = expectSparseMatchesFull(SparseReadOrder.self, SparseReadOrder.documents) {
                $0.parser = parser
            }
            #expect(statistics.filteredDecodes > 0, "\(parser)")
        }
        let key = SparseSchemaCache.Key(type: ObjectIdentifier(SparseReadOrder.self), path: nil)
        let schema = try #require(SparseSchemaCache.shared.entry(key)?.schema)
        #expect(schema.thawed().memberOrder == SparseReadOrder.readOrder)
        for document in SparseReadOrder.documents {
            let tree = try Array(document.utf8).withUnsafeBytes { raw in
                JSON(
                    document: try JSONDocument.parse(
                        raw, parser: .simdjson, maximumDepth: 512, allowsTrailingCommas: false, schema: schema))
            }
            let full = try JSON(string: document)
            #expect(tree.keys == full.keys.filter { tree[$0] != nil }, "\(document)")
        }
    }

    @Test func keyPathsStrategiesAndEngines() {
        let wrapped = [
            #"{"data":{"items":\#(Self.records(2))},"meta":{"n":2}}"#,
            #"{"data":{"items":\#(Self.records(1, from: 5)),"more":1}}"#,
            #"{"data":{"things":[]}}"#, #"{"data":[1]}"#,
        ]
        let statistics = expectSparseMatchesFull([SparseRecord].self, wrapped, at: "data.items")
        #expect(statistics.filteredDecodes > 0)
        expectSparseMatchesFull([SparseRecord].self, wrapped, at: "data.items") { $0.parser = .simdjson }
        expectSparseMatchesFull([SparseRecord].self, wrapped, at: "data.items") { $0.parser = .jansson }
        let snake = [#"{"user_id":1,"display_name":"d","x":1}"#, #"{"user_id":2}"#, #"{"userId":3}"#]
        expectSparseMatchesFull(SparseSnake.self, snake) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        expectSparseMatchesFull(SparseSnake.self, [#"{"userId":1,"x":2}"#, #"{"userId":"1"}"#]) {
            $0.allowsTrailingCommas = false
        }
    }
}
