import Foundation

/// What a lenient decode left out: every element a `@Lossy` collection (or
/// `lossyCoercions: .skipInvalidArrayElements`) dropped and every value that fell back to
/// `@Default(…, onInvalid: true)`, each with its path and its error.
///
/// ```swift
/// var report = JSONDecodingReport()
/// let order = try FastJSONDecoder().decode(Order.self, from: data, report: &report)
/// for entry in report.entries { log("\(entry.path): \(entry.error)") }  // $.items[3].price: …
/// ```
///
/// Nothing is collected, and nothing costs, when a decode is called without a report: the
/// lossy paths look for a collector only when an element or value has already failed.
public struct JSONDecodingReport: Sendable {
    /// One element or value leniency left out.
    public struct Entry: Sendable, CustomStringConvertible {
        /// Why the entry is there.
        public enum Kind: Sendable, Hashable {
            /// An element of a lossy collection failed and was dropped.
            case droppedElement
            /// A value was there but did not decode; the property took its `@Default`.
            case defaultValue
        }

        /// Where the failure happened, from the document's root: `$.items[3].price`.
        public let path: String
        /// The error that failed the element or value.
        public let error: any Error
        /// Dropped element or default value.
        public let kind: Kind

        /// `$.items[3].price: dropped element: …`
        public var description: String {
            let what = kind == .droppedElement ? "dropped element" : "fell back to default"
            return "\(path): \(what): \(JSONDecodingReport.reason(error))"
        }
    }

    /// The entries, in the order the decode met them.
    public var entries: [Entry] = []

    /// An empty report.
    public init() {}

    /// Whether leniency left nothing out.
    public var isEmpty: Bool { entries.isEmpty }

    /// The error's `debugDescription` for a `DecodingError`, else its description.
    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            context.debugDescription
        default: "\(error)"
        }
    }

    // MARK: Collecting

    /// Where a decode with a report collects entries; it rides in the call's `userInfo`.
    package final class Collector: Sendable {
        private let storage = LockedValue<[Entry]>([])

        package init() {}

        package var entries: [Entry] { storage.withLock { $0 } }

        /// Records `error`, at its own coding path when it is a `DecodingError` (the deepest
        /// point known), else at `codingPath`.
        package func add(_ error: any Error, at codingPath: [any CodingKey], _ kind: Entry.Kind) {
            var path = codingPath
            switch error {
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
                DecodingError.dataCorrupted(let context):
                path = context.codingPath
            case DecodingError.keyNotFound(let key, let context):
                path = context.codingPath + [key]
            default:
                break
            }
            let components: [JSONKeyPath.Component] = path.map { key in
                key.intValue.map { .index($0) } ?? .key(key.stringValue)
            }
            let entry = Entry(path: JSONKeyPath.rootedDescription(of: components), error: error, kind: kind)
            storage.withLock { $0.append(entry) }
        }
    }

    /// The `userInfo` key of the collector.
    package static let userInfoKey = CodingUserInfoKey(rawValue: "FastMap.JSONDecodingReport")!

    /// The collector of a decode call's options, if it has one.
    package static func collector(of options: FastJSONDecoder.Options) -> Collector? {
        options.userInfo[userInfoKey] as? Collector
    }

    /// Records a failure that `decoder`'s caller recovered from, when the decode call has a report.
    @usableFromInline
    package static func record(
        _ error: any Error, in decoder: any Decoder, as kind: Entry.Kind = .defaultValue
    ) {
        guard let collector = decoder.userInfo[userInfoKey] as? Collector else { return }
        collector.add(error, at: decoder.codingPath, kind)
    }

    /// ``record(_:in:as:)`` for a generated reader: the error at the reader's object.
    @usableFromInline
    package static func record(_ error: any Error, in reader: JSONObjectReader) {
        guard let collector = reader.decoder.userInfo[userInfoKey] as? Collector else { return }
        collector.add(error, at: reader.codingPath, .defaultValue)
    }
}
