@_spi(FastMapCore) import FastMapCore

/// The object one keyed container reads, and where it sits: a class, so that a container's box
/// can be handed out again (see ``ReusableContainerBoxes``): `container(keyedBy:)` then points
/// the state of an idle box at the next object instead of making a box.
package final class KeyedContainerState {
    @exclusivity(unchecked) package var object: JSONNode
    @exclusivity(unchecked) package var path: CodingPathReference
    /// The object's members under their converted names, for a key strategy (nil otherwise).
    @exclusivity(unchecked) package var converted: ConvertedKeys?
    /// The decoder, held for a container that may outlive the `decode` call (the container
    /// itself holds it unowned): always for one its decoder does not keep for reuse, and for a
    /// kept one once the call ends with the container still held. Nil for the idle boxes a
    /// decoder keeps, so that they do not hold it (a streaming loop asks whether anything
    /// else does).
    @exclusivity(unchecked) package var owner: JSONTreeDecoder?

    init(object: JSONNode, path: CodingPathReference, converted: ConvertedKeys?, owner: JSONTreeDecoder?) {
        self.object = object
        self.path = path
        self.converted = converted
        self.owner = owner
    }
}
