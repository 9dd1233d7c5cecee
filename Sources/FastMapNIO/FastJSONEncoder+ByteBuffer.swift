#if NIO
    public import FastMap
    public import NIOCore

    extension FastJSONEncoder {
        /// Encodes `value` as JSON text and appends it to `buffer` (at its writer index), with no
        /// `Data` in between.
        ///
        /// - Returns: the number of bytes written.
        /// - Throws: the errors of ``FastJSONEncoder/encode(_:)``; `buffer` is unchanged then.
        ///
        /// Disfavored because NIOFoundationCompat declares the same method on `JSONEncoder`: in a
        /// file that imports both, that one is chosen instead of an ambiguity (it returns nothing
        /// and writes through FastMap's `encode(_:)` override and a `Data`).
        @_disfavoredOverload
        @discardableResult
        public func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws -> Int {
            try withEncodedBytes(value) { buffer.writeBytes($0) }
        }
    }
#endif
