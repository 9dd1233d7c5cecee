#if NIO
    public import FastMap

    extension FastJSONDecoder {
        /// How the records of a request body are laid out.
        public enum BodyFormat: Sendable, Equatable {
            /// A JSON array (the top-level one by default, or the one at a path such as `"data"`)
            /// whose elements are the records.
            case array(at: JSONKeyPath = .root)
            /// Newline-delimited JSON (JSON Lines): one record per non-blank line.
            case lines

            /// The format a `Content-Type` names: ``lines`` for `application/x-ndjson`,
            /// `application/jsonl` and their kin, else a top-level ``array(at:)``.
            public init(contentType: String?) {
                let type = contentType?.lowercased() ?? ""
                let linesTypes = ["ndjson", "jsonl", "json-lines", "jsonlines", "json-seq"]
                self = linesTypes.contains { type.contains($0) } ? .lines : .array()
            }
        }
    }
#endif
