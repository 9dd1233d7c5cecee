import FastMap
import Foundation

/// What most services carry: a seeded batch of 20,000 events (about 9 MB) with snake_case keys,
/// ISO-8601 dates, UUIDs, a String-backed enum, optionals and small nested arrays, decoded and
/// encoded in the two ways a service writes its models: camelCase properties with the
/// coders' snake-case strategies, and explicit snake_case CodingKeys. Dates are `.iso8601` in both.
enum ServiceEventsSuite {
    static let eventCount = 20_000
    static let corpusName = "service-events (generated)"

    static func benchmarks(events: Int = eventCount) -> [Benchmark] {
        let data = document(events: events)
        let name = corpusName
        var benchmarks: [Benchmark] = []

        let reference = try? foundationDecoder(convertingKeys: true).decode(ServiceBatch.self, from: data)
        let keyedReference = try? foundationDecoder(convertingKeys: false).decode(KeyedServiceBatch.self, from: data)
        Suites.warnUnless(reference != nil, "JSONDecoder cannot decode the snake-case models", name)
        Suites.warnUnless(keyedReference != nil, "JSONDecoder cannot decode the CodingKeys models", name)
        Suites.warnUnless(
            reference != nil
                && (try? fastDecoder(convertingKeys: true).decode(ServiceBatch.self, from: data)) == reference,
            "FastJSONDecoder's snake-case models differ from JSONDecoder's", name)
        Suites.warnUnless(
            keyedReference != nil
                && (try? fastDecoder(convertingKeys: false).decode(KeyedServiceBatch.self, from: data))
                    == keyedReference,
            "FastJSONDecoder's CodingKeys models differ from JSONDecoder's", name)

        benchmarks.append(
            decodeBenchmark(
                ServiceBatch.self, task: "decode convertFromSnakeCase", data: data, convertingKeys: true, name))
        benchmarks.append(
            decodeBenchmark(KeyedServiceBatch.self, task: "decode CodingKeys", data: data, convertingKeys: false, name))
        if let reference {
            benchmarks += encodeBenchmark(reference, task: "encode convertToSnakeCase", convertingKeys: true, name)
        }
        if let keyedReference {
            benchmarks += encodeBenchmark(keyedReference, task: "encode CodingKeys", convertingKeys: false, name)
        }
        return benchmarks
    }

    /// The decoders as a service sets them up, once (a service shares its decoder).
    static func fastDecoder(convertingKeys: Bool) -> FastJSONDecoder {
        let decoder = FastJSONDecoder()
        if convertingKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func foundationDecoder(convertingKeys: Bool) -> JSONDecoder {
        let decoder = JSONDecoder()
        if convertingKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func configure(_ encoder: JSONEncoder, convertingKeys: Bool, sorted: Bool = false) -> JSONEncoder {
        if convertingKeys { encoder.keyEncodingStrategy = .convertToSnakeCase }
        encoder.dateEncodingStrategy = .iso8601
        if sorted { encoder.outputFormatting = .sortedKeys }
        return encoder
    }

    private static func decodeBenchmark<Model: Decodable>(
        _ model: Model.Type, task: String, data: Data, convertingKeys: Bool, _ name: String
    ) -> Benchmark {
        let fast = fastDecoder(convertingKeys: convertingKeys)
        let foundation = foundationDecoder(convertingKeys: convertingKeys)
        return Benchmark(
            task: task, corpus: name, bytes: data.count,
            competitors: [
                Competitor(name: "FastJSONDecoder", isFoundation: false) {
                    consume(try fast.decode(Model.self, from: data))
                },
                Competitor(name: "JSONDecoder", isFoundation: true) {
                    consume(try foundation.decode(Model.self, from: data))
                },
            ])
    }

    private static func encodeBenchmark<Model: Encodable>(
        _ value: Model, task: String, convertingKeys: Bool, _ name: String
    ) -> [Benchmark] {
        let sortedFast = configure(FastJSONEncoder(), convertingKeys: convertingKeys, sorted: true)
        let sortedFoundation = configure(JSONEncoder(), convertingKeys: convertingKeys, sorted: true)
        Suites.warnUnless(
            (try? sortedFast.encode(value)) == (try? sortedFoundation.encode(value)),
            "FastJSONEncoder's bytes differ from JSONEncoder's (\(task), both .sortedKeys)", name)
        let fast = configure(FastJSONEncoder(), convertingKeys: convertingKeys)
        let foundation = configure(JSONEncoder(), convertingKeys: convertingKeys)
        guard let encoded = try? foundation.encode(value) else { return [] }
        return [
            Benchmark(
                task: task, corpus: name, bytes: encoded.count,
                competitors: [
                    Competitor(name: "FastJSONEncoder", isFoundation: false) { consume(try fast.encode(value)) },
                    Competitor(name: "JSONEncoder", isFoundation: true) { consume(try foundation.encode(value)) },
                ])
        ]
    }

    /// The batch's text, written here rather than by an encoder: members in the order a producer
    /// declares them (an encoder's dictionary order would change from run to run), optionals
    /// sometimes null and sometimes absent (encoders only ever leave them out), and the same bytes
    /// for the same seed.
    static func document(events: Int) -> Data {
        var random = BenchRandom(seed: 20_260_514)
        var writer = ServiceWriter()
        writer.text.reserveCapacity(events * 420)
        writer.raw("{\"batch_id\":")
        writer.string(random.uuid())
        writer.raw(",\"sent_at\":")
        writer.date(1_717_200_000)
        writer.raw(",\"source_service\":\"ingest-gateway\",\"events\":[")
        for index in 0..<events {
            if index > 0 { writer.raw(",") }
            random.serviceEvent(index: index, into: &writer)
        }
        writer.raw("]}")
        return Data(writer.text.utf8)
    }
}

/// A JSON text built piece by piece, in the order the members are written.
struct ServiceWriter {
    var text = ""
    private let formatter = ISO8601DateFormatter()

    mutating func raw(_ piece: String) { text += piece }

    mutating func string(_ string: String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Whole seconds, `Z`: what `.iso8601` writes and reads.
    mutating func date(_ secondsSince1970: Int) {
        string(formatter.string(from: Date(timeIntervalSince1970: TimeInterval(secondsSince1970))))
    }

    /// An optional member: its value (`write`), null (no `write`), or not there at all.
    mutating func optional(_ key: String, absent: Bool, _ write: ((inout ServiceWriter) -> Void)?) {
        if absent { return }
        text += ",\"\(key)\":"
        if let write { write(&self) } else { text += "null" }
    }
}

extension BenchRandom {
    static let serviceTags = ["beta", "mobile", "web", "returning", "promo", "ab_test_b", "vip", "trial"]
    static let serviceLocales = ["en_US", "en_GB", "de_DE", "ja_JP", "fr_FR", "pt_BR"]
    static let serviceOS = [("iOS", "17.4.1"), ("Android", "14"), ("macOS", "14.4"), ("Windows", "11")]

    /// A lowercase UUID, as most services write them.
    mutating func uuid() -> String {
        let (high, low) = (next(), next())
        let hex = String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[int(0...elements.count - 1)] }

    mutating func serviceEvent(index: Int, into writer: inout ServiceWriter) {
        let type = pick(ServiceEventType.allCases)
        let created = 1_717_000_000 + index * 9 + int(0...8)
        writer.raw("{\"event_id\":")
        writer.string(uuid())
        writer.raw(",\"event_type\":\"\(type.rawValue)\",\"user_id\":\(int(1...9_999_999)),\"session_uuid\":")
        writer.string(uuid())
        writer.raw(",\"created_at\":")
        writer.date(created)
        // Received a little later for most events, null for some (not received yet), absent from
        // older producers.
        let receivedKind = int(0...9)
        let received = created + int(0...3)
        writer.optional("received_at", absent: receivedKind == 9, receivedKind < 7 ? { $0.date(received) } : nil)
        let (os, version) = pick(Self.serviceOS)
        writer.raw(",\"device_info\":{\"os_name\":\"\(os)\",\"os_version\":\"\(version)\"")
        writer.raw(",\"app_version\":\"5.\(int(0...12)).\(int(0...9))\"")
        writer.raw(",\"screen_width\":\(int(320...2560)),\"screen_height\":\(int(480...1600))")
        let localeKind = int(0...5)
        let locale = pick(Self.serviceLocales)
        writer.optional("locale", absent: localeKind == 5, localeKind < 4 ? { $0.string(locale) } : nil)
        let tags = (0..<int(0...3)).map { _ in "\"\(pick(Self.serviceTags))\"" }
        writer.raw("},\"tags\":[" + tags.joined(separator: ",") + "]")
        let buys = type == .purchase || type == .addToCart
        let amount = int(99...250_000)
        writer.optional("amount_cents", absent: !buys && int(0...1) == 0, buys ? { $0.raw(String(amount)) } : nil)
        let referrerKind = int(0...3)
        let referrer = "https://example.com/" + text(words: 1)
        writer.optional("referrer_url", absent: referrerKind >= 2, referrerKind == 0 ? { $0.string(referrer) } : nil)
        let items = (0..<(buys ? int(1...3) : 0)).map { _ in
            // Cents over 100: prices every decoder reads back to the same Double.
            "{\"sku_id\":\"SKU-\(int(10_000...99_999))\",\"quantity\":\(int(1...5)),"
                + "\"unit_price\":\(Double(int(99...99_999)) / 100)}"
        }
        writer.raw(",\"is_test\":\(int(0...49) == 0),\"line_items\":[" + items.joined(separator: ",") + "]}")
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
