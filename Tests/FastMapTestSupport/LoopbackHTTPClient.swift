// A deliberately plain HTTP/1.1 client on POSIX sockets, for the server integrations' end-to-end
// tests: it can do what a well-behaved client library will not (send a body slowly, declare
// more than it sends, hang up mid-record, keep sending past a refusal), and it needs no NIO.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One HTTP response as the test client read it.
public struct LoopbackResponse: Sendable {
    /// The status code (0 when the server closed the connection without answering).
    public var status: Int
    /// The headers, names lowercased.
    public var headers: [String: String]
    /// The body, with any chunked transfer encoding removed.
    public var body: [UInt8]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// How the request body goes out.
public enum LoopbackBody: Sendable {
    /// All at once, with its `Content-Length`.
    case whole([UInt8])
    /// In pieces with `Transfer-Encoding: chunked`, pausing `pause` seconds between them.
    case chunked([[UInt8]], pause: Double = 0)
    /// `Content-Length: declared`, then only `sent`, then the client hangs up.
    case cut(sent: [UInt8], declared: Int)
    /// Only the headers, declaring `declared` bytes that never come (the server must answer
    /// from the headers alone).
    case declaredOnly(Int)
}

/// Sends requests to `127.0.0.1:port`, each on a connection of its own (`Connection: close`).
public struct LoopbackHTTPClient: Sendable {
    /// The server's port.
    public let port: Int

    /// A client for the server on `port`.
    public init(port: Int) {
        self.port = port
    }

    /// Sends one request and reads the answer. The socket work runs on a thread of its own,
    /// so a slow peer never blocks the concurrency pool the server's handlers also run on.
    public func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: LoopbackBody = .whole([])
    ) async throws -> LoopbackResponse {
        let port = self.port
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Result { try Self.exchange(port: port, method, path, headers: headers, body: body) })
            }
            thread.start()
        }
    }

    /// `POST path` with a JSON body.
    public func post(_ path: String, json: [UInt8], contentType: String = "application/json") async throws
        -> LoopbackResponse
    {
        try await send("POST", path, headers: ["Content-Type": contentType], body: .whole(json))
    }

    private static func exchange(
        port: Int, _ method: String, _ path: String, headers: [String: String], body: LoopbackBody
    ) throws -> LoopbackResponse {
        let socket = try connect(port: port)
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        switch body {
        case .whole(let bytes):
            head += "Content-Length: \(bytes.count)\r\n\r\n"
            _ = write(socket, Array(head.utf8) + bytes)
        case .chunked(let pieces, let pause):
            head += "Transfer-Encoding: chunked\r\n\r\n"
            guard write(socket, Array(head.utf8)) else { break }
            for piece in pieces where !piece.isEmpty {
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
                // A refused body ends the writing (the server answered and may close).
                guard write(socket, Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8))
                else { break }
            }
            _ = write(socket, Array("0\r\n\r\n".utf8))
        case .cut(let sent, let declared):
            head += "Content-Length: \(declared)\r\n\r\n"
            _ = write(socket, Array(head.utf8) + sent)
            shutdown(socket, Int32(SHUT_WR))
        case .declaredOnly(let declared):
            head += "Content-Length: \(declared)\r\n\r\n"
            _ = write(socket, Array(head.utf8))
        }
        return parse(readAll(socket))
    }

    private static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LoopbackError(message: "socket: errno \(errno)") }
        // Bounds every read, so a server that never answers fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw LoopbackError(message: "connect to port \(port): errno \(errno)")
        }
        return socket
    }

    /// Writes everything, without SIGPIPE; false once the peer has closed.
    private static func write(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            written += count
        }
        return true
    }

    private static func readAll(_ socket: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return received
    }

    private static func parse(_ bytes: [UInt8]) -> LoopbackResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.firstRange(of: separator) else {
            return LoopbackResponse(status: 0, headers: [:], body: bytes)
        }
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(bytes[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return LoopbackResponse(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        let crlf: [UInt8] = [13, 10]
        while let lineEnd = bytes[index...].firstRange(of: crlf),
            let size = Int(String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0,
            lineEnd.upperBound + size <= bytes.count
        {
            body += bytes[lineEnd.upperBound..<lineEnd.upperBound + size]
            index = lineEnd.upperBound + size + 2
            if index >= bytes.count { break }
        }
        return body
    }
}

/// A socket call that failed.
public struct LoopbackError: Error, CustomStringConvertible {
    /// What failed.
    public let message: String

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
