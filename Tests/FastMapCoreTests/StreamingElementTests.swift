import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The values of `text`'s array at `path`, parsed whole, in the form `describe` prints.
private func wholeDocumentValues(_ text: String, at path: JSONKeyPath = .root) throws -> [String] {
    let array = try #require(try JSON(string: text)[path]?.array)
    return array.map { json in
        describe(StreamedElement(index: 0, offset: 0, line: 0, column: 0, payload: .value(json)))
            .split(separator: " ", maxSplits: 3).dropFirst(3).joined()
    }
}

private func values(of run: StreamRun) -> [String] {
    run.elements.map { $0.split(separator: " ", maxSplits: 3).dropFirst(3).joined() }
}

@Suite("Streaming elements")
struct StreamingElementTests {
    /// A batch is taken element by element, moved out in order, and left empty with its
    /// capacity; a throw drops the elements after the one that failed.
    @Test func aBatchIsTakenInOrder() throws {
        struct Stop: Error {}
        func batch(_ count: Int) throws -> [StreamedElement] {
            try (0..<count).map { index in
                StreamedElement(
                    index: index, offset: index, line: 1, column: 1, payload: .value(try JSON(string: "[\(index)]")))
            }
        }
        for count in [0, 1, 2, 7, 64] {
            var elements = try batch(count)
            let capacity = elements.capacity
            var taken: [Int] = []
            elements.takeEachInOrder { element in
                if case .value(let json) = element.payload { taken.append(json[0]?.int ?? -1) }
            }
            #expect(taken == Array(0..<count))
            #expect(elements.isEmpty && elements.capacity == capacity)
        }
        var elements = try batch(10)
        var taken: [Int] = []
        #expect(throws: Stop.self) {
            try elements.takeEachInOrder { element in
                if element.index == 4 { throw Stop() }
                taken.append(element.index)
            }
        }
        #expect(taken == [0, 1, 2, 3])
        #expect(elements.isEmpty)
    }

    @Test func topLevelArrayMatchesWholeDocument() throws {
        let text = #"""
            [1, -2, "a", {"b": [true, null, false]}, -0, 18446744073709551615, -9223372036854775808,
             1.5e3, 0.1, "caf\u00e9 \ud83d\ude00 \"q\" \\ \/", {"dup": 1, "dup": 2}, [], {}, "日本", 12345678901234567890]
            """#
        let run = try runEveryChunking(text)
        #expect(run.stop == nil)
        #expect(values(of: run) == (try wholeDocumentValues(text)))
        #expect(run.elements.count == 15)
        #expect(run.elements[4].hasSuffix("-zero"))
        #expect(run.elements[5].hasSuffix("18446744073709551615 uint"))
        #expect(run.elements[10].hasSuffix(#"{"dup":1}"#))
    }

    @Test func offsetsAndLinesAreAbsolute() throws {
        let text = "[\n  10,\n  \"x\",\n  {\"a\": 1},\n  [2], true, null,\n  -3.5\n]\n"
        let run = try runEveryChunking(text)
        #expect(
            run.elements == [
                "#0 @4 L2:3 10 int", "#1 @10 L3:3 \"x\"", "#2 @17 L4:3 {\"a\":1}", "#3 @29 L5:3 [2]",
                "#4 @34 L5:8 true", "#5 @40 L5:14 null", "#6 @48 L6:3 -3.5 double",
            ])
        #expect(run.stop == nil)
    }

    @Test func emptyArraysAndScalarsOnly() throws {
        #expect(try runEveryChunking("[]").elements.isEmpty)
        #expect(try runEveryChunking(" [ ] ").stop == nil)
        #expect(values(of: try runEveryChunking("[0,1e2,-0.0,\"\"]")) == ["0 int", "100 double", "-0 -zero", "\"\""])
    }

    @Test func escapesSplitAcrossChunksDecodeExactly() throws {
        // Long strings full of escapes, so that every chunking splits some escape sequence.
        let piece = #"\u00e9\ud83d\ude00\\\"\/\n\t\u0041"#
        let value = String(repeating: piece, count: 40)
        let text = "[\"\(value)\", {\"k\(piece)\": \"\(piece)\"}]"
        let run = try runEveryChunking(text)
        #expect(run.stop == nil)
        #expect(values(of: run) == (try wholeDocumentValues(text)))
        let decoded = try #require(try JSON(string: text)[0]?.string)
        #expect(decoded.hasPrefix("é😀\\\"/\n\tA"))
    }

    @Test func brokenElementsFailAloneAndTheRestGoesOn() throws {
        let bytes: [UInt8] =
            Array(#"["ok", "\ud800", "x\udc00", 1e999, 123456789012345678901234567890, ""#.utf8) + [0xC3, 0x28]
            + Array(#"", [[[1]]], "end"]"#.utf8)
        let reference = try runStream([bytes], mode: .array(.root), maximumDepth: 3)
        for sizes in [[1], [2], [5], randomSizes(count: 40, limit: 9, seed: 7)] {
            let run = try runStream(chunked(bytes, sizes: sizes), mode: .array(.root), maximumDepth: 3)
            #expect(run == reference, "\(run)\n---\n\(reference)")
        }
        #expect(reference.stop == nil)
        let elements = reference.elements
        try #require(elements.count == 8, "\(reference)")
        #expect(elements[0].hasSuffix(#""ok""#))
        #expect(elements[1].contains("FAIL invalidUnicode") && elements[1].contains("without a low surrogate"))
        #expect(elements[2].contains("FAIL invalidUnicode") && elements[2].contains("without a high surrogate"))
        // Numbers beyond Double or UInt64 are kept as written, as in a whole document.
        #expect(elements[3].hasSuffix("1e999 text"))
        #expect(elements[4].hasSuffix("123456789012345678901234567890 text"))
        #expect(elements[5].contains("FAIL syntax invalid UTF-8 in string"))
        #expect(elements[6].contains("FAIL depthLimit") && elements[6].contains("more than 3 levels"))
        #expect(elements[7].hasSuffix(#""end""#))
    }

    @Test func depthLimitCountsTheWholeDocument() throws {
        // The whole-document parser accepts 3 levels with a limit of 3; so does the stream.
        let accepted = "[[[1]], 2]"
        #expect((try? JSON(string: accepted, options: .init(maximumDepth: 3))) != nil)
        #expect(values(of: try runStream(accepted, maximumDepth: 3)) == ["[[1]]", "2 int"])
        let rejected = "{\"data\": [[[1]]]}"
        #expect((try? JSON(string: rejected, options: .init(maximumDepth: 3))) == nil)
        let run = try runStream(rejected, mode: .array("data"), maximumDepth: 3)
        #expect(run.elements.first?.contains("FAIL depthLimit") == true)
        // Deep values outside the array end the stream.
        let sibling = try runStream("{\"x\": [[[[0]]]], \"data\": [1]}", mode: .array("data"), maximumDepth: 3)
        #expect(sibling.elements.isEmpty)
        #expect(sibling.stop?.hasPrefix("depthLimit") == true)
    }
}

@Suite("Streaming paths")
struct StreamingPathTests {
    @Test func siblingsAreNotMistakenForTheArray() throws {
        let text = #"""
            {"meta": {"data": [9, 9]}, "more": [[1], {"data": [8]}], "data": [1, {"data": [7]}, 2],
             "after": [3], "data": [4]}
            """#
        let run = try runEveryChunking(text, mode: .array("data"))
        #expect(run.stop == nil)
        #expect(values(of: run) == ["1 int", #"{"data":[7]}"#, "2 int"])
    }

    @Test func nestedPathsAndIndices() throws {
        let text = #"{"result": {"count": 2, "items": [{"id": 1}, {"id": 2}]}, "pages": [[0], [5, 6], [7]]}"#
        #expect(values(of: try runEveryChunking(text, mode: .array("result.items"))) == [#"{"id":1}"#, #"{"id":2}"#])
        #expect(values(of: try runEveryChunking(text, mode: .array("pages[1]"))) == ["5 int", "6 int"])
        let top = "[[1], [2, [3]], [4]]"
        #expect(values(of: try runEveryChunking(top, mode: .array("[1]"))) == ["2 int", "[3]"])
        #expect(values(of: try runEveryChunking(top, mode: .array("[1][1]"))) == ["3 int"])
    }

    @Test func keysAreComparedAfterDecodingEscapes() throws {
        let text = #"{"d\u00e4t\u00e4": [1], "dätä": [2], "dat\u00e4x": [3]}"#
        #expect(
            values(of: try runEveryChunking(text, mode: .array(JSONKeyPath(components: [.key("dätä")])))) == ["1 int"])
    }

    @Test func missingPathComponentsAreReported() throws {
        let missingKey = try runEveryChunking(#"{"meta": {}, "items": []}"#, mode: .array("data"))
        #expect(missingKey.stop == #"keyNotFound $.data no value for key "data" (line 1, column 25 (byte 24)) after 0"#)
        let missingIndex = try runEveryChunking("[[1], [2]]", mode: .array("[5]"))
        #expect(
            missingIndex.stop
                == "keyNotFound $[5] index 5 is out of bounds (count 2) (line 1, column 10 (byte 9)) after 0")
    }

    @Test func wrongKindsAreReported() throws {
        let object = try runEveryChunking(#"{"data": {"a": [1]}}"#, mode: .array("data"))
        #expect(
            object.stop
                == "typeMismatch $.data expected an array to stream at $.data, found object (line 1, column 10 (byte 9)) after 0"
        )
        let top = try runEveryChunking("\n  {\"a\": 1}", mode: .array(.root))
        #expect(
            top.stop
                == "typeMismatch $ expected an array to stream at $, found object (line 2, column 3 (byte 3)) after 0")
        let scalar = try runEveryChunking(#"{"data": "[1, 2]"}"#, mode: .array("data"))
        #expect(
            scalar.stop?.hasPrefix(
                "typeMismatch $.data expected an array to stream at $.data, found string (line 1, column 10") == true)
        let step = try runEveryChunking(#"{"result": [1]}"#, mode: .array("result.items"))
        #expect(
            step.stop == "typeMismatch $.result cannot look up items in array (line 1, column 12 (byte 11)) after 0")
    }
}

@Suite("Streaming errors")
struct StreamingErrorTests {
    @Test func truncatedInputKeepsWhatWasRead() throws {
        let run = try runEveryChunking(#"{"data": [1, {"a": 2}, 3"#, mode: .array("data"))
        #expect(values(of: run) == ["1 int", #"{"a":2}"#, "3 int"])
        #expect(
            run.stop
                == "syntax $ unexpected end of input: the document is truncated (after 3 elements) (line 1, column 25 (byte 24)) after 3"
        )
        let inside = try runEveryChunking(#"[1, {"a": "#)
        #expect(values(of: inside) == ["1 int"])
        #expect(inside.stop?.contains("truncated (after 1 elements)") == true)
        let empty = try runStream("")
        #expect(empty.stop == "syntax $ the input is empty (after 0 elements) (line 1, column 1 (byte 0)) after 0")
    }

    @Test func trailingGarbageIsReportedAfterTheElements() throws {
        let run = try runEveryChunking("[1, 2]\n  x")
        #expect(values(of: run) == ["1 int", "2 int"])
        #expect(
            run.stop
                == "syntax $ unexpected text after the end of the JSON document (line 2, column 3 (byte 9)) after 2")
        #expect(try runEveryChunking("[1] [2]").stop?.contains("(byte 4)") == true)
    }

    @Test func syntaxErrorsStopTheStreamWithTheirOffset() throws {
        let run = try runEveryChunking("[1,\n 2,\n }")
        #expect(values(of: run) == ["1 int", "2 int"])
        // FastMap's words, not yajl's ("after array element, I expect ',' or ']'").
        #expect(run.stop?.hasPrefix("syntax $ unexpected token") == true)
        #expect(run.stop?.contains("(line 3, column") == true)
        let lexical = try runEveryChunking(#"{"data": [1, tru]}"#, mode: .array("data"))
        #expect(lexical.stop?.hasPrefix("syntax $ invalid string (") == true)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let array = try runEveryChunking("\u{FEFF}[1, 2]")
        #expect(array.elements == ["#0 @4 L1:2 1 int", "#1 @7 L1:5 2 int"])
        #expect(array.stop == nil)
        let lines = try runEveryChunking("\u{FEFF}1\n2", mode: .lines)
        #expect(lines.elements == ["#0 @3 L1:1 1 int", "#1 @5 L2:1 2 int"])
        // Only a whole mark at the very start is skipped.
        for bytes: [UInt8] in [
            [0xEF], [0xEF, 0xBB], [0xEF, 0xBB, 0x5B, 0x5D], Array("[1]".utf8) + [0xEF, 0xBB, 0xBF],
        ] {
            for sizes in [[1], [2], [100]] {
                let run = try runStream(chunked(bytes, sizes: sizes), mode: .array(.root))
                #expect(run.stop?.hasPrefix("syntax") == true, "\(bytes) in \(sizes): \(run)")
            }
        }
    }

    @Test func formFeedAndVerticalTabAreNotWhiteSpace() throws {
        for (byte, name) in [("\u{0C}", "a form feed (U+000C)"), ("\u{0B}", "a vertical tab (U+000B)")] {
            let message = "invalid white space: \(name) is not JSON white space"
            let run = try runEveryChunking("[1,\n\(byte) 2]")
            #expect(values(of: run) == ["1 int"])
            #expect(run.stop == "syntax $ \(message) (line 2, column 1 (byte 4)) after 1")
            let whole = try #require(throws: FastMapError.self) { try JSON(string: "[1,\n\(byte) 2]") }
            #expect(whole.message == message)
            let lines = try runEveryChunking("1\n\(byte)2\n3", mode: .lines)
            #expect(lines.elements.count == 3)
            #expect(lines.elements[1].hasPrefix("#1 @2 L2:1 FAIL syntax \(message)"))
            #expect(lines.elements[2] == "#2 @5 L3:1 3 int")
        }
    }

    @Test func invalidUTF8OutsideTheArrayStopsTheStream() throws {
        let bytes = Array(#"{"m": ""#.utf8) + [0xFF] + Array(#"", "data": [1]}"#.utf8)
        let run = try runStream([bytes], mode: .array("data"))
        #expect(run.elements.isEmpty)
        #expect(run.stop == "syntax $ invalid UTF-8 in string (line 1, column 8 (byte 7)) after 0")
    }
}

@Suite("Streaming lines")
struct StreamingLinesTests {
    @Test func blankLinesAreSkippedAndLinesNumbered() throws {
        let text = "{\"a\": 1}\n\n   \n[2]\r\n\t3  \n\"x\"\n\n"
        let run = try runEveryChunking(text, mode: .lines)
        #expect(run.elements == ["#0 @0 L1:1 {\"a\":1}", "#1 @14 L4:1 [2]", "#2 @20 L5:2 3 int", "#3 @24 L6:1 \"x\""])
        #expect(run.stop == nil)
    }

    @Test func lastLineWithoutNewline() throws {
        #expect(values(of: try runEveryChunking("1\n2", mode: .lines)) == ["1 int", "2 int"])
        #expect(values(of: try runEveryChunking("1\n-0", mode: .lines)) == ["1 int", "-0 -zero"])
        #expect(try runEveryChunking("", mode: .lines).elements.isEmpty)
        #expect(try runEveryChunking("\n\n", mode: .lines).elements.isEmpty)
    }

    @Test func badLinesFailAloneWithTheirLineNumber() throws {
        let text = "{\"a\": 1}\n{bad}\n[3]\n1 2\n{\"a\":\n\"\\ud800\"\n[5]"
        let run = try runEveryChunking(text, mode: .lines)
        #expect(run.stop == nil)
        try #require(run.elements.count == 7, "\(run)")
        #expect(run.elements[0] == "#0 @0 L1:1 {\"a\":1}")
        #expect(run.elements[1].hasPrefix("#1 @9 L2:1 FAIL syntax invalid character"))
        // The same place the whole-document parser names for the line alone, moved to line 2.
        let alone = try #require(throws: FastMapError.self) { try JSON(string: "{bad}") }
        let column = try #require(alone.location).column
        #expect(run.elements[1].hasSuffix("(line 2, column \(column) (byte \(9 + column - 1)))"))
        #expect(run.elements[2] == "#2 @15 L3:1 [3]")
        #expect(run.elements[3].hasPrefix("#3 @19 L4:1 FAIL syntax more than one JSON value on one line"))
        #expect(run.elements[4].hasPrefix("#4 @23 L5:1 FAIL syntax the line ends before its JSON value is complete"))
        #expect(run.elements[5].hasPrefix("#5 @29 L6:1 FAIL invalidUnicode"))
        #expect(run.elements[6] == "#6 @38 L7:1 [5]")
    }

    @Test func longLinesAcrossManyChunks() throws {
        let record = #"{"name": "\#(String(repeating: "é\\u00e9", count: 200))", "n": 12345678901234567890}"#
        let text = Array(repeating: record, count: 5).joined(separator: "\n")
        let run = try runEveryChunking(text, mode: .lines)
        #expect(run.elements.count == 5)
        #expect(run.elements.allSatisfy { !$0.contains("FAIL") })
    }
}
