import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

@Suite("Streaming decoder")
struct StreamingDecoderTests {
    /// For random arrays of generated records, every way of streaming yields exactly what the
    /// whole-document decode yields; with one corrupted element, the same error at the same
    /// index, after exactly the elements before it.
    @Test(arguments: 0..<24)
    func streamingMatchesWholeDocumentDecoding(seed: Int) async throws {
        var generator = RecordTextGenerator(seed: UInt64(seed) &+ 1000)
        let count = Int.random(in: 0...40, using: &generator.random)
        let records = (0..<count).map { generator.record($0) }
        let corrupted = seed % 3 == 0 || count == 0 ? nil : Int.random(in: 0..<count, using: &generator.random)
        let corruption = generator.corruption()
        var texts: [String] = []
        for (index, record) in records.enumerated() {
            texts.append(generator.text(of: record, corruption: index == corrupted ? corruption : nil))
        }
        let inEnvelope = seed % 2 == 1
        let array = "[" + texts.map { generator.space() + $0 + generator.space() }.joined(separator: ",") + "]"
        let text =
            inEnvelope
            ? #"{"meta": {"data": [1, 2]}, "data": \#(array), "more": [{"data": []}]}"# : generator.space() + array
        let bytes = Array(text.utf8)
        let path: JSONKeyPath = inEnvelope ? "data" : .root
        let decoder = recordDecoder()

        // The reference: the whole document at once.
        var expected: [StreamRecord] = []
        var expectedError: (any Error)?
        do {
            expected = try decoder.decode([StreamRecord].self, from: Data(bytes), at: path)
            #expect(expected == records)
        } catch {
            expectedError = error
        }
        #expect((expectedError == nil) == (corrupted == nil), "\(String(describing: expectedError))")
        let prefix = corrupted.map { Array(records[..<$0]) } ?? records
        // What streaming must throw. Text the parser refuses (a number beyond UInt64) fails the
        // whole document with an empty coding path and a location; streaming fails only that
        // element, with the same description and the element's path. (A number that parses but
        // does not fit the type has Foundation's empty path in both.)
        var streamingError = expectedError.map(summary)
        let invalidJSON = "dataCorrupted : The given data was not valid JSON"
        let parseFailure = (expectedError as? DecodingError).map { DecodingFailure($0).underlyingError }
        if let text = streamingError, text.hasPrefix(invalidJSON), let corrupted,
            (parseFailure as? FastMapError)?.location != nil
        {
            let place = (inEnvelope ? ".data" : "") + "[\(corrupted)]"
            streamingError =
                "dataCorrupted \(place): The given data was not valid JSON" + text.dropFirst(invalidJSON.count)
        }

        // Async, from random chunks.
        let sizes = randomSizes(count: 50, limit: 1 + seed * 7, seed: UInt64(seed))
        let chunks = CountingChunks(chunks: chunked(bytes, sizes: sizes))
        let streamed = await collect(decoder.stream(StreamRecord.self, inArrayAt: path, from: chunks))
        #expect(streamed.values == prefix)
        #expect(streamed.error.map(summary) == streamingError)

        // Synchronously, from a file.
        let file = try TemporaryFile(contents: bytes)
        defer { file.remove() }
        var eachValues: [StreamRecord] = []
        var eachError: (any Error)?
        do {
            let delivered = try decoder.forEach(StreamRecord.self, inArrayAt: path, contentsOf: file.url) {
                eachValues.append($0)
            }
            #expect(delivered == records.count)
        } catch {
            eachError = error
        }
        #expect(eachValues == prefix)
        #expect(eachError.map(summary) == streamingError)

        // Collecting failures: everything else arrives, and the failure names its element.
        let failures = LockedValue<[FastJSONDecoder.ElementFailure]>([])
        let all = await collect(
            decoder.stream(
                StreamRecord.self, inArrayAt: path, contentsOf: file.url,
                onError: .collect { failure in failures.withLock { $0.append(failure) } }))
        #expect(all.error == nil)
        #expect(all.values == records.enumerated().filter { $0.offset != corrupted }.map(\.element))
        let collected = failures.withLock { $0 }
        #expect(collected.map(\.index) == (corrupted.map { [$0] } ?? []))
        if let failure = collected.first {
            #expect(summary(failure.error) == streamingError)
            #expect(bytes[failure.offset] == UInt8(ascii: "{"))
            #expect(failure.line == bytes[..<failure.offset].filter { $0 == UInt8(ascii: "\n") }.count + 1)
        }
    }

    @Test func chunkTypesAndSizesGiveTheSameElements() async throws {
        var generator = RecordTextGenerator(seed: 7)
        let records = (0..<30).map { generator.record($0) }
        let text = "[" + records.map { generator.text(of: $0) }.joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        let decoder = recordDecoder()
        for sizes in [[1], [2], [3], [64], [100_000], randomSizes(count: 30, limit: 40, seed: 3)] {
            let pieces = chunked(bytes, sizes: sizes)
            let fromArrays = await collect(decoder.stream(StreamRecord.self, from: CountingChunks(chunks: pieces)))
            #expect(fromArrays.values == records && fromArrays.error == nil)
            let slices = pieces.map { chunk in ([0, 0] + chunk)[2...] }
            let fromSlices = await collect(decoder.stream(StreamRecord.self, from: CountingChunks(chunks: slices)))
            #expect(fromSlices.values == records && fromSlices.error == nil)
            let datas = pieces.map { Data($0) }
            let fromData = await collect(decoder.stream(StreamRecord.self, from: CountingChunks(chunks: datas)))
            #expect(fromData.values == records && fromData.error == nil)
        }
    }

    @Test func siblingArraysAreNotMistakenForTheTarget() async throws {
        let text = #"{"more": [{"id": "x"}], "meta": {"data": [0]}, "data": [1, 2, 3], "after": [[4]]}"#
        let decoder = FastJSONDecoder()
        let stream = await collect(
            decoder.stream(Int.self, inArrayAt: "data", from: CountingChunks(chunks: [Array(text.utf8)])))
        #expect(stream.values == [1, 2, 3])
        #expect(stream.error == nil)
        let nested = #"{"result": {"data": [9], "items": [{"items": [8]}, 7]}, "items": [6]}"#
        let values = await collect(
            decoder.stream(JSON.self, inArrayAt: "result.items", from: CountingChunks(chunks: [Array(nested.utf8)])))
        #expect(values.values.map(\.description) == [#"{"items":[8]}"#, "7"])
    }

    @Test func decoderSettingsApplyToEachElement() async throws {
        struct Item: Decodable, Equatable {
            var itemName: String
            var seenAt: Date
        }
        let text = #"[{"item_name": "a", "seen_at": 0}, {"item_name": "b", "seen_at": 1500}]"#
        let decoder = FastJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let items = await collect(decoder.stream(Item.self, from: CountingChunks(chunks: [Array(text.utf8)])))
        #expect(
            items.values == [
                Item(itemName: "a", seenAt: Date(timeIntervalSince1970: 0)),
                Item(itemName: "b", seenAt: Date(timeIntervalSince1970: 1.5)),
            ])
    }

    @Test func skipAndCollectPolicies() throws {
        let text = #"[1, "two", 3, null, 5.5, 6]"#
        let file = try TemporaryFile(text: text)
        defer { file.remove() }
        let decoder = FastJSONDecoder()
        var skipped: [Int] = []
        let count = try decoder.forEach(Int.self, contentsOf: file.url, onError: .skip) { skipped.append($0) }
        #expect(skipped == [1, 3, 6] && count == 3)

        let failures = LockedValue<[FastJSONDecoder.ElementFailure]>([])
        var kept: [Int] = []
        try decoder.forEach(
            Int.self, contentsOf: file.url, onError: .collect { f in failures.withLock { $0.append(f) } }
        ) {
            kept.append($0)
        }
        #expect(kept == [1, 3, 6])
        let collected = failures.withLock { $0 }
        #expect(collected.map(\.index) == [1, 3, 4])
        #expect(collected.map(\.offset) == [4, 14, 20])
        #expect(
            summary(collected[0].error) == "typeMismatch(Int) [1]: Expected to decode Int but found a string instead")
        #expect(summary(collected[1].error).hasPrefix("valueNotFound(Int) [3]"))
        #expect(summary(collected[2].error) == "dataCorrupted : The given data was not valid JSON")
        #expect(
            underlyingText(collected[2].error)
                == "numberOutOfRange at $[4]: the number does not fit in Int (line 1, column 21 (byte 20))")

        // The default stops at the first failure, after the elements before it.
        var before: [Int] = []
        let error = #expect(throws: DecodingError.self) {
            try decoder.forEach(Int.self, contentsOf: file.url) { before.append($0) }
        }
        #expect(before == [1])
        #expect(error.map(summary) == "typeMismatch(Int) [1]: Expected to decode Int but found a string instead")
    }

    @Test func refusedElementsAreFailuresWithTheirPlace() async throws {
        let text = #"{"data": [{"n": 1}, {"n": "\ud800"}, {"n": 3}]}"#
        let decoder = FastJSONDecoder()
        struct N: Decodable, Equatable { var n: JSON }
        let failures = LockedValue<[FastJSONDecoder.ElementFailure]>([])
        let values = await collect(
            decoder.stream(
                N.self, inArrayAt: "data", from: CountingChunks(chunks: chunked(Array(text.utf8), sizes: [3])),
                onError: .collect { f in failures.withLock { $0.append(f) } }))
        #expect(values.values.count == 2 && values.error == nil)
        let failure = try #require(failures.withLock { $0 }.first)
        #expect(failure.index == 1 && failure.offset == 20 && failure.line == 1)
        #expect(summary(failure.error) == "dataCorrupted .data[1]: The given data was not valid JSON")
        #expect(
            underlyingText(failure.error)?.hasPrefix(
                "invalidUnicode at $.data[1]: a \\u escape holds a high surrogate without a low surrogate") == true)
        let underlying = try #require(
            {
                if case .dataCorrupted(let c) = failure.error {
                    return c.underlyingError as? FastMapError
                } else {
                    return nil
                }
            }())
        #expect(underlying.kind == .invalidUnicode && underlying.pathDescription == "$.data[1]")
    }
}

@Suite("Streaming decoder errors")
struct StreamingDecoderErrorTests {
    private func streamError(
        _ text: String, at path: JSONKeyPath = .root
    ) async -> (count: Int, error: String?, underlying: String?) {
        let result = await collect(
            FastJSONDecoder().stream(
                JSON.self, inArrayAt: path, from: CountingChunks(chunks: chunked(Array(text.utf8), sizes: [2]))))
        return (result.values.count, result.error.map(summary), underlyingText(result.error))
    }

    @Test func targetOfTheWrongKind() async throws {
        let object = await streamError(#"{"data": {"a": 1}}"#, at: "data")
        #expect(object.count == 0)
        #expect(
            object.error
                == "typeMismatch(Array<Any>) .data: Expected to decode Array<Any> but found a dictionary instead")
        #expect(
            object.underlying
                == "typeMismatch at $.data: expected an array to stream at $.data, found object (line 1, column 10 (byte 9))"
        )
        let top = await streamError(#"  "text""#)
        #expect(top.error == "typeMismatch(Array<Any>) : Expected to decode Array<Any> but found a string instead")
        #expect(top.underlying?.hasSuffix("(line 1, column 3 (byte 2))") == true)
        let null = await streamError(#"{"data": null}"#, at: "data")
        #expect(
            null.error
                == "valueNotFound(Array<Any>) .data: Cannot get unkeyed decoding container -- found null value instead")
        let step = await streamError(#"{"result": [1]}"#, at: "result.items")
        #expect(
            step.error?.hasPrefix(
                "typeMismatch(Dictionary<String, Any>) .result: Expected to decode Dictionary<String, Any> but found an array"
            ) == true)
    }

    @Test func missingKeysAndIndices() async throws {
        let key = await streamError(#"{"meta": {"data": []}}"#, at: "data")
        #expect(
            key.error
                == #"keyNotFound(data) : No value associated with key \#(FastCodingKey(stringValue: "data")) ("data")"#)
        #expect(key.underlying == #"keyNotFound at $.data: no value for key "data" (line 1, column 22 (byte 21))"#)
        let index = await streamError("[[1], [2]]", at: "[2]")
        #expect(index.error == "valueNotFound(Any) [2]: Index 2 is out of bounds (the array has 2 elements)")
        #expect(index.underlying?.hasSuffix("(line 1, column 10 (byte 9))") == true)
    }

    @Test func truncatedAndTrailingInputAfterTheElements() async throws {
        let truncated = await streamError(#"{"data": [1, 2, {"a""#, at: "data")
        #expect(truncated.count == 2)
        #expect(truncated.error == "dataCorrupted : The given data was not valid JSON")
        #expect(
            truncated.underlying
                == "syntax at $: unexpected end of input: the document is truncated (after 2 elements) (line 1, column 21 (byte 20))"
        )
        let trailing = await streamError("[1, 2, 3] [4]")
        #expect(trailing.count == 3)
        #expect(
            trailing.underlying
                == "syntax at $: unexpected text after the end of the JSON document (line 1, column 11 (byte 10))")
        let garbage = await streamError("[1, 2, x]")
        #expect(garbage.count == 2)
        #expect(garbage.underlying?.hasPrefix("syntax at $: invalid character (") == true)
        let empty = await streamError("")
        #expect(
            empty.underlying == "syntax at $: the input is empty (after 0 elements) (line 1, column 1 (byte 0))")
    }

    @Test func unreadableFiles() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent/FastMap/\(UUID()).json")
        let error = #expect(throws: FastMapError.self) {
            try FastJSONDecoder().forEach(Int.self, contentsOf: missing) { _ in }
        }
        #expect(error?.kind == .io)
        let streamed = await collect(FastJSONDecoder().stream(Int.self, contentsOf: missing))
        #expect((streamed.error as? FastMapError)?.kind == .io)
    }
}

@Suite("Streaming lines")
struct StreamingDecoderLinesTests {
    @Test func linesSkipBlanksAndNameBadLines() async throws {
        let text = "{\"id\": 1}\n\n{\"id\": 2}\r\n   \n{\"id\": oops}\n{\"id\": \"3\"}\n{\"id\": 4}"
        struct ID: Decodable, Equatable { var id: Int }
        let decoder = FastJSONDecoder()
        let file = try TemporaryFile(text: text)
        defer { file.remove() }

        let thrown = await collect(decoder.lines(ID.self, contentsOf: file.url))
        #expect(thrown.values == [ID(id: 1), ID(id: 2)])
        #expect(thrown.error.map(summary) == "dataCorrupted : The given data was not valid JSON")
        // The line is said once, in the location.
        let syntax = try #require(underlyingText(thrown.error))
        #expect(syntax == "syntax at $: invalid character (line 5, column 9 (byte 34))")

        let failures = LockedValue<[FastJSONDecoder.ElementFailure]>([])
        let collected = await collect(
            decoder.lines(
                ID.self, from: CountingChunks(chunks: chunked(Array(text.utf8), sizes: [1])),
                onError: .collect { f in failures.withLock { $0.append(f) } }))
        #expect(collected.values == [ID(id: 1), ID(id: 2), ID(id: 4)])
        #expect(collected.error == nil)
        let records = failures.withLock { $0 }
        #expect(records.map(\.line) == [5, 6])
        #expect(records.map(\.index) == [2, 3])
        #expect(records.map(\.offset) == [26, 39])
        #expect(summary(records[1].error) == "typeMismatch(Int) .id: Expected to decode Int but found a string instead")
        #expect(
            underlyingText(records[1].error)
                == "typeMismatch at $.id: expected Int, found string (line 6, column 1 (byte 39))")
    }

    @Test func linesFromEveryChunking() async throws {
        var generator = RecordTextGenerator(seed: 11)
        let records = (0..<25).map { generator.record($0) }
        let text = records.map { generator.text(of: $0).replacingOccurrences(of: "\n", with: " ") }.joined(
            separator: "\n\n")
        let decoder = recordDecoder()
        for sizes in [[1], [5], [4096], randomSizes(count: 20, limit: 60, seed: 5)] {
            let result = await collect(
                decoder.lines(StreamRecord.self, from: CountingChunks(chunks: chunked(Array(text.utf8), sizes: sizes))))
            #expect(result.values == records)
            #expect(result.error == nil)
        }
    }
}
