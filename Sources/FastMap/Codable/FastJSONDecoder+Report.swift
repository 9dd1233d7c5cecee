import Foundation

extension FastJSONDecoder {
    /// Decodes a value of type `T` from JSON text and appends to `report` every element a lossy
    /// collection dropped and every value that fell back to `@Default(…, onInvalid: true)`.
    ///
    /// Decodes exactly as ``decode(_:from:)-(_,Data)``; entries are appended even when the decode
    /// throws, so a failed decode still shows what was left out before it failed.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, report: inout JSONDecodingReport) throws
        -> T
    {
        try JSONInput.with(data) { try decode(type, input: $0, report: &report) }
    }

    /// ``decode(_:from:report:)-(_,Data,_)`` for JSON text held in an array of bytes.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], report: inout JSONDecodingReport) throws
        -> T
    {
        try JSONInput.with(bytes) { try decode(type, input: $0, report: &report) }
    }

    private func decode<T: Decodable>(
        _ type: T.Type, input: JSONInput, report: inout JSONDecodingReport
    ) throws -> T {
        let collector = JSONDecodingReport.Collector()
        var options = self.options
        options.userInfo[JSONDecodingReport.userInfoKey] = collector
        defer { report.entries += collector.entries }
        return try decode(input: input, at: nil, options: options) { decoder, start in
            try decoder.unwrap(start, as: type, at: decoder.currentPath, .none)
        }
    }
}
