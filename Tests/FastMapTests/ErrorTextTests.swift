import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// What errors print: services log `"\(error)"`, so by default no byte of the payload reaches
/// the text (the value stays a property of the underlying ``FastMapError``), descriptions are
/// `JSONDecoder`'s own, and each fact is said once, in FastMap's words.
@Suite("Error texts")
struct ErrorTextTests {
    /// What must never be printed: a card number and a password, in every place a value sits.
    static let card = "4111111111111111"
    static let password = "hunter2-secret"

    struct Account: Decodable {
        var id: Int
        var score: Double
        var tags: [String]
    }

    struct Dated: Decodable {
        var when: Date
    }

    struct Linked: Decodable {
        var link: URL
    }

    struct Blob: Decodable {
        var bytes: Data
    }

    /// Inputs, each failing in another way.
    static let failingDecodes: [(name: String, json: String)] = [
        ("type mismatch", #"{"id":5,"score":"\#(password)","tags":[]}"#),
        ("missing key", #"{"id":5,"score":1,"password":"\#(password)","card":"\#(card)"}"#),
        ("number too big", #"{"id":\#(card)1111111,"score":1,"tags":["\#(password)"]}"#),
        ("fraction", #"{"id":\#(card).5,"score":1,"tags":[]}"#),
        ("syntax", #"{"id":5,"score":1 "\#(password)":[]}"#),
        ("lexical", #"{"id":5,"score":1,"tags":["\#(password)\#(card)]}"#),
        ("element", #"{"id":5,"score":1,"tags":["a",\#(card)]}"#),
    ]

    private static func failure<T: Decodable>(
        _ type: T.Type, _ json: String, _ configure: (FastJSONDecoder) -> Void = { _ in }
    ) throws -> DecodingError {
        let decoder = FastJSONDecoder()
        configure(decoder)
        do {
            _ = try decoder.decode(type, from: Data(json.utf8))
        } catch let error as DecodingError {
            return error
        }
        Issue.record("\(json) decoded")
        throw CancellationError()
    }

    private static func expectNoPayload(_ text: String, _ comment: Comment? = nil) {
        #expect(!text.contains(password), comment)
        #expect(!text.contains(card), comment)
    }

    // MARK: No payload bytes

    @Test func decodingErrorsPrintNoPayload() throws {
        for (name, json) in Self.failingDecodes {
            let error = try Self.failure(Account.self, json)
            Self.expectNoPayload("\(error)", "\(name)")
            Self.expectNoPayload(String(reflecting: error), "\(name)")
            let underlying = DecodingFailure(error).underlyingError
            Self.expectNoPayload(String(reflecting: try #require(underlying)), "\(name)")
        }
        let secret = "\"\(Self.password)\""
        for error in [
            try Self.failure(Dated.self, #"{"when":\#(secret)}"#) { $0.dateDecodingStrategy = .iso8601 },
            try Self.failure(Linked.self, #"{"link":""}"#),
            try Self.failure(Blob.self, #"{"bytes":\#(secret)}"#),
        ] {
            Self.expectNoPayload("\(error)")
        }
    }

    @Test func theValueStaysAProperty() throws {
        let error = try Self.failure(Account.self, #"{"id":5,"score":"\#(Self.password)","tags":[]}"#)
        let underlying = try #require(DecodingFailure(error).underlyingError as? FastMapError)
        #expect(underlying.foundSnippet == "\"\(Self.password)\"")
        #expect(underlying.node?.string == Self.password)
        #expect(underlying.quotesPayload == false)
    }

    @Test func quotingIsADecoderSetting() throws {
        let error = try Self.failure(Account.self, #"{"id":5,"score":"\#(Self.password)","tags":[]}"#) {
            $0.quotesPayloadInErrors = true
        }
        let underlying = try #require(DecodingFailure(error).underlyingError as? FastMapError)
        #expect(underlying.quotesPayload)
        #expect("\(underlying)" == #"typeMismatch at $.score: expected Double, found string: "\#(Self.password)""#)
        #expect(String(reflecting: underlying).contains(#"in: {"id":5,"#))
        // The description stays Foundation's either way.
        #expect(DecodingFailure(error).debugDescription == "Expected to decode Double but found a string instead")
    }

    @Test func streamedElementsAndLinesPrintNoPayload() async throws {
        let array = #"{"data":[{"id":1,"score":1,"tags":[]},{"id":2,"score":"\#(Self.password)","tags":[]}]}"#
        let streamed = await collect(
            FastJSONDecoder().stream(
                Account.self, inArrayAt: "data", from: CountingChunks(chunks: chunked(Array(array.utf8), sizes: [7]))))
        Self.expectNoPayload("\(try #require(streamed.error))")

        let lines = "{\"id\":1,\"score\":1,\"tags\":[]}\n{\"id\":2,\"score\":1,\"tags\":[\(Self.card)]}\n"
        let collected = LockedValue<[FastJSONDecoder.ElementFailure]>([])
        _ = await collect(
            FastJSONDecoder().lines(
                Account.self, from: CountingChunks(chunks: chunked(Array(lines.utf8), sizes: [5])),
                onError: .collect { failure in collected.withLock { $0.append(failure) } }))
        let failure = try #require(collected.withLock { $0 }.first)
        Self.expectNoPayload("\(failure)")
        Self.expectNoPayload("\(failure.error)")
    }

    @Test func handMappingErrorsPrintNoPayload() throws {
        let document = try JSON(data: Data(#"{"user":{"password":"\#(Self.password)","card":\#(Self.card)}}"#.utf8))
        let errors: [any Error] = [
            try #require(throws: FastMapError.self) { try document.value(at: "user.password.length") },
            try #require(throws: (any Error).self) { () throws -> Int in try document.decode("user.password") },
            try #require(throws: (any Error).self) { () throws -> String in try document.decode("user.name") },
            try #require(throws: (any Error).self) { () throws -> Int8 in try document.decode("user.card") },
        ]
        for error in errors {
            Self.expectNoPayload("\(error)")
            Self.expectNoPayload(String(reflecting: error))
        }
    }

    // MARK: Foundation's words

    struct Keys: Decodable {
        var name: String
    }

    /// The same input through both decoders (a FastJSONDecoder is a JSONDecoder): the same
    /// description, but for the closing period FastMap leaves to the standard library, which
    /// adds one before the underlying error it prints.
    @Test func descriptionsAreJSONDecodersOwn() throws {
        let account = { (decoder: JSONDecoder, data: Data) throws in _ = try decoder.decode(Account.self, from: data) }
        let cases: [(String, (JSONDecoder, Data) throws -> Void)] = [
            (#"{"id":1,"score":"x","tags":[]}"#, account),
            (#"{"id":1,"score":true,"tags":[]}"#, account),
            (#"{"id":1,"score":[],"tags":[]}"#, account),
            (#"{"id":1,"score":{},"tags":[]}"#, account),
            (#"{"id":1,"score":1,"tags":[2]}"#, account),
            (#"{"id":1,"score":null,"tags":[]}"#, account),
            (#"{"id":1,"score":1,"tags":null}"#, account),
            (#"{"id":1,"score":1}"#, account),
            (#"{"id":1.5,"score":1,"tags":[]}"#, account),
            (#"{"id":1,"score":1 "tags":[]}"#, account),
            ("[1]", { _ = try $0.decode(Keys.self, from: $1) }),
            (#"{"when":"x"}"#, { _ = try $0.decode(Dated.self, from: $1) }),
            (#"{"link":""}"#, { _ = try $0.decode(Linked.self, from: $1) }),
            (#"{"bytes":"!"}"#, { _ = try $0.decode(Blob.self, from: $1) }),
        ]
        for (json, decode) in cases {
            let data = Data(json.utf8)
            let fast = FastJSONDecoder()
            fast.dateDecodingStrategy = .iso8601
            let foundation = JSONDecoder()
            foundation.dateDecodingStrategy = .iso8601
            let fastText = Result { try decode(fast, data) }.descriptionText
            let foundationText = Result { try decode(foundation, data) }.descriptionText
            #expect(fastText != nil && fastText == foundationText, "\(json)")
        }
    }

    // MARK: Said once, in FastMap's words

    @Test func theUnderlyingErrorDoesNotRepeatTheDescription() throws {
        for (name, json) in Self.failingDecodes {
            let failure = DecodingFailure(try Self.failure(Account.self, json))
            let underlying = try #require(failure.underlyingError as? FastMapError, "\(name)")
            let description = failure.debugDescription
            #expect(!"\(underlying)".contains(description), "\(name)")
            #expect(underlying.message != description, "\(name)")
            #expect(!"\(underlying)".lowercased().contains("expected to decode"), "\(name)")
        }
    }

    @Test func noYajlWording() throws {
        let inputs = [
            #"{"a":1 "b":2}"#, "[1 2]", #"{"a" 1}"#, "{1:2}", "[1,]]", "[1,-]", #"["\x"]"#, #"["\u12x4"]"#, "[1.]",
            "[1e]", "[tru]", "[1] x", "/* c */ 1", "{\"a\":\u{01}}",
        ]
        let yajlWords = ["I expect", "parse error", "lexical error", "json text", "premature EOF", "trailing garbage"]
        for input in inputs {
            let error = try Self.failure(JSON.self, input) { $0.allowsTrailingCommas = false }
            for words in yajlWords {
                #expect(!"\(error)".contains(words), "\(input): \(error)")
            }
        }
    }

    /// Tokens out of place, each with the offset of its first byte (yajl says the byte after the
    /// token, or, after an object member's value, two bytes into a string).
    static let misplacedTokens: [(text: String, offset: Int)] = [
        (#"{"a":1 "b":2}"#, 7), ("[1 2]", 3), (#"{"a" 1}"#, 5), ("{1:2}", 1), (#"{"a": [1, 2,, 3]}"#, 12),
        ("[1,2 true]", 5), (#"{"a":1,,}"#, 7), (#"["abc" "def"]"#, 7), (#"{"a":""1}"#, 7), (#"{"a":1"":2}"#, 6),
        (#"{"a":"x" 1}"#, 9), (#"{"a" : :1}"#, 7), ("[1:2]", 2), (#"{"a",1}"#, 4), ("[140-83]", 4),
        (#"{"a":{"b":[1]} "c":2}"#, 15), (#"{"a":1 {}}"#, 7), (#"{"a":1 "b\"c":2}"#, 7), ("[[] {}]", 4),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 13), ("[1,\n\t]", 5),
    ]

    @Test(arguments: [JSONParser.simdjson, .yajl])
    func syntaxErrorsPointAtTheOffendingToken(parser: JSONParser) throws {
        for (text, offset) in Self.misplacedTokens {
            let error = try #require(throws: FastMapError.self, "\(text)") {
                try JSON(string: text, options: .init(parser: parser, allowsTrailingCommas: false))
            }
            #expect(error.location?.offset == offset, "\(text): \(error)")
            let lineStart = Array(text.utf8.prefix(offset)).lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            #expect(error.location?.column == offset - lineStart + 1, "\(text): \(error)")
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            decoder.allowsTrailingCommas = false
            let decoding = try #require(throws: DecodingError.self) {
                try decoder.decode(JSON.self, from: Data(text.utf8))
            }
            #expect(Hostile.fastMapError(decoding)?.location?.offset == offset, "\(text): \(decoding)")
        }
    }

    /// The same offsets from the streaming readers, wherever the pieces end: an element of an
    /// array, the array's envelope, and a line.
    @Test(arguments: [JSONParser.simdjson, .yajl])
    func streamedSyntaxErrorsPointAtTheOffendingToken(parser: JSONParser) async throws {
        let decoder = FastJSONDecoder()
        decoder.parser = parser
        for (text, offset) in Self.misplacedTokens where !text.contains("\n") {
            let wrapped = #"{"pad":[1,"x"],"data":[0,"# + text + "]}"
            let shift = wrapped.utf8.count - text.utf8.count - 2
            for size in [1, 2, 3, 5, 8, 13, 1000] {
                let chunks = CountingChunks(chunks: chunked(Array(wrapped.utf8), sizes: [size]))
                let result = await collect(decoder.stream(JSON.self, inArrayAt: "data", from: chunks))
                let error = Hostile.fastMapError(try #require(result.error, "\(text)"))
                #expect(
                    error?.location?.offset == shift + offset,
                    "\(text) in pieces of \(size): \(String(describing: error))")
            }
            let envelope = #"{"pad":"# + text + #","data":[0]}"#
            for size in [1, 3, 1000] {
                let chunks = CountingChunks(chunks: chunked(Array(envelope.utf8), sizes: [size]))
                let result = await collect(decoder.stream(JSON.self, inArrayAt: "data", from: chunks))
                let error = Hostile.fastMapError(try #require(result.error, "\(text)"))
                #expect(error?.location?.offset == 7 + offset, "\(text) before the array: \(String(describing: error))")
            }
            let lines = "[0]\n" + text + "\n[1]\n"
            for size in [1, 4, 1000] {
                let chunks = CountingChunks(chunks: chunked(Array(lines.utf8), sizes: [size]))
                let result = await collect(decoder.lines(JSON.self, from: chunks))
                let error = Hostile.fastMapError(try #require(result.error, "\(text)"))
                #expect(error?.location?.offset == 4 + offset, "\(text) as a line: \(String(describing: error))")
                #expect(error?.location?.line == 2 && error?.location?.column == offset + 1, "\(text) as a line")
            }
        }
    }

    /// Tokens dropped into valid text at random places between tokens: the whole-document parse
    /// (either engine) and the array stream, in pieces of any size, name one offset, and for a
    /// token out of place it is where a token starts.
    @Test func randomMisplacedTokensHaveOneOffsetEverywhere() async throws {
        let base = Array(#"[{"a":[1,-2.5e3,{"b":"c, d: [e]"}],"f":null},{"g":true,"h":{}},"s",12,[ ],false]"#.utf8)
        // Offsets between tokens: after every byte outside strings.
        var boundaries: [Int] = []
        var inString = false
        for (index, byte) in base.enumerated() {
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            if !inString { boundaries.append(index + 1) }
        }
        let tokens = ["1", #""x""#, ",", ":", "]", "}", "{", "[", "true", " ,", "-7", #""""#]
        var random = SeededGenerator(seed: 49)
        for _ in 0..<400 {
            let at = boundaries.randomElement(using: &random)!
            let token = tokens.randomElement(using: &random)!
            let text = Array(base[..<at]) + Array(token.utf8) + Array(base[at...])
            var errors: [FastMapError] = []
            for parser in [JSONParser.simdjson, .yajl] {
                do {
                    _ = try JSON(bytes: text, options: .init(parser: parser, allowsTrailingCommas: false))
                } catch {
                    errors.append(error)
                }
            }
            guard let first = errors.first, let offset = first.location?.offset else { continue }  // valid JSON
            let description = String(decoding: text, as: UTF8.self)
            #expect(errors.map(\.location?.offset) == [offset, offset], "\(description)")
            // A token out of place: its first byte (a lexical error points at the byte that broke
            // its token, which may be a space: `-2.5e ,3`).
            if first.message.hasPrefix("expected") || first.message == "unexpected token" {
                #expect(text[offset] != UInt8(ascii: " "), "\(description) at \(offset)")
            }
            for size in [1, 2, 5, 1000] {
                let chunks = CountingChunks(chunks: chunked(text, sizes: [size]))
                let result = await collect(FastJSONDecoder().stream(JSON.self, from: chunks))
                let error = Hostile.fastMapError(try #require(result.error, "\(description)"))
                #expect(
                    error?.location?.offset == offset,
                    "\(description) in pieces of \(size): \(String(describing: error))")
            }
            guard offset < text.count else { continue }  // a line that ends early says so instead
            let lines = Array("[0]\n".utf8) + text + Array("\n[1]\n".utf8)
            let result = await collect(
                FastJSONDecoder().lines(JSON.self, from: CountingChunks(chunks: chunked(lines, sizes: [3]))))
            let error = Hostile.fastMapError(try #require(result.error, "\(description)"))
            #expect(error?.location?.offset == 4 + offset, "\(description) as a line: \(String(describing: error))")
        }
    }

    @Test func streamedErrorsWriteDollarPaths() async throws {
        let text =
            #"[{"id":0,"score":1,"tags":[]},{"id":1,"score":1,"tags":[]},{"id":2,"score":1,"tags":[]},"#
            + #"{"id":3,"score":"x","tags":[]}]"#
        let failures = LockedValue<[FastJSONDecoder.ElementFailure]>([])
        _ = await collect(
            FastJSONDecoder().stream(
                Account.self, from: CountingChunks(chunks: chunked(Array(text.utf8), sizes: [11])),
                onError: .collect { failure in failures.withLock { $0.append(failure) } }))
        let failure = try #require(failures.withLock { $0 }.first)
        #expect(
            "\(failure)"
                == "element 3 at $[3].score (line 1, byte 88): Expected to decode Double but found a string instead")
        #expect(!"\(failure)".contains("Index"))
    }

    @Test func anNDJSONErrorSaysItsLineOnce() async throws {
        let lines = "{\"id\":1,\"score\":1,\"tags\":[]}\n{\"id\":2,\"score\":\"x\",\"tags\":[]}\n{\"id\" 3}\n"
        for bytes in [Array(lines.utf8), Array(lines.utf8.prefix(61))] {
            let result = await collect(
                FastJSONDecoder().lines(Account.self, from: CountingChunks(chunks: chunked(bytes, sizes: [4]))))
            let text = "\(try #require(result.error))".lowercased()
            #expect(text.components(separatedBy: "line 2").count == 2, "\(text)")
        }
        let failures = LockedValue<[FastJSONDecoder.ElementFailure]>([])
        _ = await collect(
            FastJSONDecoder().lines(
                Account.self, from: CountingChunks(chunks: chunked(Array(lines.utf8), sizes: [4])),
                onError: .collect { failure in failures.withLock { $0.append(failure) } }))
        let syntax = try #require(failures.withLock { $0 }.last)
        #expect(syntax.line == 3)
        #expect("\(syntax.error)".lowercased().components(separatedBy: "line 3").count == 2, "\(syntax.error)")
    }
}

extension Result where Failure == any Error {
    /// The failure's description as `JSONDecoder` words it, without a closing period.
    fileprivate var descriptionText: String? {
        guard case .failure(let error) = self, let error = error as? DecodingError else { return nil }
        var text = DecodingFailure(error).debugDescription
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
