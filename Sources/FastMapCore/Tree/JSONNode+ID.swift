extension JSONNode {
    /// Which node this is, as a key of sets and dictionaries: the tree's address, without
    /// handing the address itself above the core (ARCHITECTURE.md, the one-way rule).
    ///
    /// Two IDs are equal while both name the same live node; a node freed and its memory reused
    /// gives the new node an equal ID, so a holder keeps the nodes it remembers alive (the
    /// document, a builder's dropped nodes).
    @_spi(FastMapCore) public struct ID: Hashable, Sendable {
        // Inlinable hashing: sessions and builders hash IDs in other modules, where a
        // `package` or resilient witness would not be specialized.
        @usableFromInline let address: Int

        @inlinable init(address: Int) {
            self.address = address
        }

        /// Whether both name the same node.
        @inlinable public static func == (lhs: ID, rhs: ID) -> Bool { lhs.address == rhs.address }

        /// Feeds the node's address to `hasher`.
        @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(address) }
    }

    /// This node's ``ID``.
    @inlinable public var identity: ID { ID(address: Int(bitPattern: address)) }
}
