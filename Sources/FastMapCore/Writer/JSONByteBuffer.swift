import Foundation

/// The bytes a ``JSONByteWriter`` has written: a growable buffer the writer appends to through
/// a pointer.
///
/// An `Array` append checks that the array is uniquely referenced and has room, and goes
/// through the generic `append(contentsOf:)` machinery for a run of bytes; encoding writes
/// four or five pieces per member, and those checks were a seventh of encoding
/// github_events.json. Here an append is a capacity check and a store (or a `memcpy`).
///
/// The count, capacity and base address sit behind an address (as in ``AddressedCell``), so
/// reading and changing them costs no exclusivity check. The buffer belongs to one writer;
/// copies of a writer share it, and the writers never write through two copies.
@_spi(FastMapCore) public final class JSONByteBuffer {
    @usableFromInline struct Header {
        @usableFromInline var base: UnsafeMutablePointer<UInt8>
        @usableFromInline var count: Int
        @usableFromInline var capacity: Int
    }

    @usableFromInline let header: UnsafeMutablePointer<Header>

    /// An empty buffer with room for `capacity` bytes (at least 16).
    public init(capacity: Int) {
        let capacity = max(capacity, 16)
        header = .allocate(capacity: 1)
        header.initialize(to: Header(base: Self.allocateBytes(capacity), count: 0, capacity: capacity))
    }

    deinit {
        free(header.pointee.base)
        header.deinitialize(count: 1)
        header.deallocate()
    }

    /// The number of bytes written.
    @inlinable public var count: Int { header.pointee.count }

    /// The bytes written, valid until the next change to the buffer and only while the buffer
    /// lives: outside this class, read them through ``withWritten(_:)``.
    @usableFromInline var written: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: header.pointee.base, count: header.pointee.count)
    }

    /// Runs `body` with the bytes written (not to be kept or changed). Internal: the core hands
    /// no pointer out.
    @inlinable func withWritten<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(written)
    }

    /// Runs `body` with a span over the bytes written, which cannot outlive the call: how a
    /// front end writes the output somewhere else (a NIO `ByteBuffer`) with one copy and no
    /// pointer.
    public func withBytes<R, E: Error>(_ body: (RawSpan) throws(E) -> R) throws(E) -> R {
        try body(RawSpan(_unsafeElements: written))
    }

    /// A copy of the bytes written.
    public var array: [UInt8] { Array(written) }

    /// The bytes written, as `Data` that takes the buffer's memory over (trimmed to the count)
    /// instead of copying it; the buffer is empty afterwards. Copying the whole output into a
    /// new `Data` was the encoder's last step for every document.
    public func takeData() -> Data {
        let count = header.pointee.count
        var base = header.pointee.base
        if header.pointee.capacity > count, let trimmed = realloc(base, max(count, 1)) {
            base = trimmed.assumingMemoryBound(to: UInt8.self)
        }
        header.pointee = Header(base: Self.allocateBytes(16), count: 0, capacity: 16)
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }

    /// The bytes written, decoded as UTF-8 text.
    public var text: String { String(decoding: written, as: UTF8.self) }

    /// Appends one byte.
    @inlinable @inline(__always) public func append(_ byte: UInt8) {
        let header = self.header
        if header.pointee.count == header.pointee.capacity { reserve(1) }
        header.pointee.base[header.pointee.count] = byte
        header.pointee.count += 1
    }

    /// Appends `bytes` (which must not point into this buffer).
    @inlinable @inline(__always) func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let header = self.header
        if header.pointee.capacity - header.pointee.count < bytes.count { reserve(bytes.count) }
        (header.pointee.base + header.pointee.count).update(from: source, count: bytes.count)
        header.pointee.count += bytes.count
    }

    /// Lets `write` put up to `maximum` bytes at the end of the buffer; it returns how many it
    /// wrote.
    @inlinable func append(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        let header = self.header
        if header.pointee.capacity - header.pointee.count < maximum { reserve(maximum) }
        let written = write(header.pointee.base + header.pointee.count)
        precondition(written >= 0 && written <= maximum, "wrote past the room it was given")
        header.pointee.count += written
    }

    /// Drops everything after the first `count` bytes.
    @inlinable public func truncate(to count: Int) {
        precondition(count >= 0 && count <= header.pointee.count, "truncating past the end of the output")
        header.pointee.count = count
    }

    /// Makes room for `more` bytes past the count, at least doubling the capacity.
    @usableFromInline @inline(never) func reserve(_ more: Int) {
        let (needed, overflow) = header.pointee.count.addingReportingOverflow(more)
        precondition(!overflow, "output larger than memory")
        guard needed > header.pointee.capacity else { return }
        let doubled = header.pointee.capacity > Int.max / 2 ? needed : header.pointee.capacity * 2
        let capacity = max(needed, doubled)
        // realloc: a block that can grow in place (or a large one the kernel remaps) is not
        // copied.
        guard let base = realloc(header.pointee.base, capacity) else { Self.outOfMemory(capacity) }
        header.pointee.base = base.assumingMemoryBound(to: UInt8.self)
        header.pointee.capacity = capacity
    }

    /// `capacity` bytes from `malloc`: the memory `takeData()` hands to `Data`, which frees it.
    private static func allocateBytes(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let base = malloc(capacity) else { outOfMemory(capacity) }
        return base.assumingMemoryBound(to: UInt8.self)
    }

    /// Stops as Swift's own allocations do when memory runs out.
    private static func outOfMemory(_ capacity: Int) -> Never {
        fatalError("FastMap: could not allocate \(capacity) bytes of JSON output")
    }
}
