@_spi(FastMapCore) import FastMapCore

/// What one keyed container reads: the object, where it sits, and the decoder to read with.
///
/// A class, so that a container's box can be handed out again (see
/// `JSONTreeDecoder+KeyedContainerReuse.swift`): `container(keyedBy:)` then points the state
/// of an idle box at the next object instead of allocating a box, whose generic metadata and
/// witness table are hashed runtime lookups for every object decoded.
package final class KeyedContainerState {
    /// Unowned so that a member read takes no reference: while a container is in use, the
    /// `init(from:)` that asked for it holds its decoder; `owner` holds it after that.
    @exclusivity(unchecked) package unowned(unsafe) var decoder: JSONTreeDecoder
    /// The decoder, held for a container that may outlive the `decode` call: always for one
    /// its decoder does not track, and for a tracked one once the call ends with the container
    /// still held. Nil for the idle boxes the decoder keeps, which would otherwise hold it in
    /// a cycle.
    @exclusivity(unchecked) var owner: JSONTreeDecoder?
    @exclusivity(unchecked) package var object: JSONNode
    @exclusivity(unchecked) package var path: CodingPathReference
    /// The object's members under their converted names, for a key strategy (nil otherwise).
    @exclusivity(unchecked) package var converted: ConvertedKeys?

    init(
        decoder: JSONTreeDecoder, object: JSONNode, path: CodingPathReference, converted: ConvertedKeys?,
        ownsDecoder: Bool
    ) {
        self.decoder = decoder
        self.owner = ownsDecoder ? decoder : nil
        self.object = object
        self.path = path
        self.converted = converted
    }
}
