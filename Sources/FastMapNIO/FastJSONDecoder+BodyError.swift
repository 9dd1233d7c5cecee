#if NIO
    public import FastMap
    import Foundation

    extension FastJSONDecoder {
        /// Why a request body streamed through a ``BodyStream`` was refused: always the client's
        /// fault, so the framework modules answer it with a 4xx (413 for ``Reason/tooLarge(limit:)``,
        /// 400 otherwise) whose message is ``description``.
        public struct BodyError: Error, Sendable, CustomStringConvertible {
            /// What was wrong.
            public enum Reason: Sendable {
                /// The body (or its declared `Content-Length`) is larger than `limit` bytes; it was
                /// refused before anything past the limit was read.
                case tooLarge(limit: Int)
                /// A record is well-formed JSON that does not decode as the record type.
                case invalidRecord(DecodingError)
                /// The body is not the expected document: malformed or cut off mid-record (the
                /// stream cannot go on past such a point).
                case malformed(DecodingError)
            }

            /// What was wrong.
            public let reason: Reason
            /// The 0-based index of the failing record, or of the record being read when the body
            /// broke off (the number of records delivered before it).
            public let index: Int
            /// The byte offset of the problem from the start of the body: the failing record's
            /// first byte, or where the text went wrong; nil when unknown (a refused size).
            public let offset: Int?
            /// The 1-based line of ``offset``, when known.
            public let line: Int?

            /// Creates a body error.
            public init(reason: Reason, index: Int, offset: Int?, line: Int?) {
                self.reason = reason
                self.index = index
                self.offset = offset
                self.line = line
            }

            /// Whether the body was refused for its size (HTTP 413) rather than its content (400).
            public var isTooLarge: Bool {
                if case .tooLarge = reason { return true }
                return false
            }

            /// The decoding error behind a content problem.
            public var decodingError: DecodingError? {
                switch reason {
                case .tooLarge: nil
                case .invalidRecord(let error), .malformed(let error): error
                }
            }

            /// `record 3 at byte 120 (line 4): <what went wrong> (path: $[3].score)`, in
            /// `JSONDecoder`'s words and without payload bytes.
            public var description: String {
                var place = "record \(index)"
                if let offset { place += " at byte \(offset)" }
                if let line { place += " (line \(line))" }
                switch reason {
                case .tooLarge(let limit):
                    return "The body is larger than the limit of \(limit) bytes (refused at \(place))."
                case .invalidRecord(let error), .malformed(let error):
                    return "Invalid \(place): \(Self.summary(of: error))"
                }
            }

            private static func summary(of error: DecodingError) -> String {
                guard let context = error.context else { return "\(error)" }
                let path = error.rootedPath
                guard path != "$" else { return context.debugDescription }
                return "\(context.debugDescription) (path: \(path))"
            }
        }
    }
#endif
