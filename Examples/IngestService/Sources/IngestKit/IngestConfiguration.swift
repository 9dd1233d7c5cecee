import Foundation

/// How the service is set up: where it listens, where it stores, how much it accepts.
public struct IngestConfiguration: Sendable {
    /// The address to bind (loopback by default).
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (printed when the server is up).
    public var port = 8080
    /// The SQLite database file.
    public var databasePath: String
    /// The largest upload accepted, in bytes (4 GiB by default: uploads stream, so a large
    /// limit costs no memory).
    public var maximumBodySize = 4 << 30
    /// Events stored per transaction.
    public var batchSize = 1000

    /// The default configuration, storing under the system's temporary directory.
    public init(databasePath: String = IngestConfiguration.defaultDatabasePath) {
        self.databasePath = databasePath
    }

    /// `$TMPDIR/fastmap-ingest/events.sqlite`.
    public static var defaultDatabasePath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("fastmap-ingest/events.sqlite").path
    }

    /// Reads `--host`, `--port`, `--db`, `--max-body` and `--batch` from `arguments`.
    /// - Throws: ``IngestConfigurationError`` for an unknown option or a bad value.
    public init(arguments: [String]) throws {
        self.init()
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw IngestConfigurationError(option: option) }
            switch option {
            case "--host": host = value
            case "--port": port = try Self.number(value, option)
            case "--db": databasePath = value
            case "--max-body": maximumBodySize = try Self.number(value, option)
            case "--batch": batchSize = max(1, try Self.number(value, option))
            default: throw IngestConfigurationError(option: option)
            }
        }
    }

    private static func number(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text), value >= 0 else { throw IngestConfigurationError(option: option) }
        return value
    }
}

/// A command-line option the service does not know, or one without a valid value.
public struct IngestConfigurationError: Error, CustomStringConvertible {
    /// The option.
    public let option: String
    /// What to pass instead.
    public var description: String {
        "bad option \(option); usage: IngestService [--host H] [--port P] [--db PATH] [--max-body BYTES] [--batch N]"
    }
}
