import CSQLite
import Foundation

/// The events in a SQLite database, written in batched transactions (one per ``insert(_:)``)
/// through one connection, which the actor keeps to one caller at a time.
public actor EventStore {
    /// Where the database file is.
    public nonisolated let path: String
    private let connection: Connection
    private var database: OpaquePointer { connection.database }
    private var insertStatement: OpaquePointer { connection.insertStatement }

    /// The open database and its prepared insert, closed when the store goes away.
    private final class Connection {
        let database: OpaquePointer
        let insertStatement: OpaquePointer

        init(database: OpaquePointer, insertStatement: OpaquePointer) {
            self.database = database
            self.insertStatement = insertStatement
        }

        deinit {
            sqlite3_finalize(insertStatement)
            sqlite3_close(database)
        }
    }

    /// Opens (creating if needed) the database at `path` and its `events` table.
    public init(path: String) throws {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw StoreError(message: "cannot open \(path): \(message)")
        }
        do {
            // WAL with NORMAL sync: a committed batch survives a crash of the service, and
            // commits do not wait for a full fsync each.
            try Self.execute(
                """
                PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
                CREATE TABLE IF NOT EXISTS events (
                    rowid INTEGER PRIMARY KEY, id INTEGER NOT NULL, kind TEXT NOT NULL, user TEXT NOT NULL,
                    value REAL NOT NULL, tags TEXT NOT NULL);
                """, on: handle)
            var statement: OpaquePointer?
            let sql = "INSERT INTO events (id, kind, user, value, tags) VALUES (?, ?, ?, ?, ?)"
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw StoreError(message: String(cString: sqlite3_errmsg(handle)))
            }
            connection = Connection(database: handle, insertStatement: statement)
        } catch {
            sqlite3_close(handle)
            throw error
        }
    }

    /// Stores `events` in one transaction: all of them or, on an error, none.
    public func insert(_ events: [Event]) throws {
        guard !events.isEmpty else { return }
        try Self.execute("BEGIN", on: database)
        do {
            for event in events { try insert(event) }
            try Self.execute("COMMIT", on: database)
        } catch {
            try? Self.execute("ROLLBACK", on: database)
            throw error
        }
    }

    /// How many events are stored.
    public func count() throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT COUNT(*) FROM events", -1, &statement, nil) == SQLITE_OK else {
            throw StoreError(message: String(cString: sqlite3_errmsg(database)))
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw StoreError(message: String(cString: sqlite3_errmsg(database)))
        }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// The ids of the stored events, in insertion order (for checks that nothing was lost).
    public func ids() throws -> [Int] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT id FROM events ORDER BY rowid", -1, &statement, nil) == SQLITE_OK
        else { throw StoreError(message: String(cString: sqlite3_errmsg(database))) }
        defer { sqlite3_finalize(statement) }
        var ids: [Int] = []
        while sqlite3_step(statement) == SQLITE_ROW { ids.append(Int(sqlite3_column_int64(statement, 0))) }
        return ids
    }

    private func insert(_ event: Event) throws {
        let statement = insertStatement
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        sqlite3_bind_int64(statement, 1, Int64(event.id))
        Self.bind(event.kind, at: 2, in: statement)
        Self.bind(event.user, at: 3, in: statement)
        sqlite3_bind_double(statement, 4, event.value)
        Self.bind(event.tags.joined(separator: ","), at: 5, in: statement)
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw StoreError(message: String(cString: sqlite3_errmsg(database)))
        }
    }

    /// Binds text that SQLite copies (SQLITE_TRANSIENT), since the Swift string's storage does
    /// not outlive the call.
    private static func bind(_ text: String, at index: Int32, in statement: OpaquePointer) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        sqlite3_bind_text(statement, index, text, -1, transient)
    }

    private static func execute(_ sql: String, on database: OpaquePointer) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw StoreError(message: text)
        }
    }
}

/// A SQLite failure, with SQLite's own message.
public struct StoreError: Error, CustomStringConvertible {
    /// SQLite's message.
    public let message: String
    /// `SQLite: <message>`.
    public var description: String { "SQLite: \(message)" }
}
