@_spi(FastMapCore) import FastMapCore

/// The object one keyed container reads, and where it sits: a class, so that a container's box
/// can be handed out again (see ``ReusableContainerBoxes``): `container(keyedBy:)` then points
/// the state of an idle box at the next object instead of making a box.
package final class KeyedContainerState {
    @exclusivity(unchecked) package var object: JSONNode
    @exclusivity(unchecked) package var path: CodingPathReference
    /// The object's members under their converted names, for a key strategy (nil otherwise).
    @exclusivity(unchecked) package var converted: ConvertedKeys?

    init(object: JSONNode, path: CodingPathReference, converted: ConvertedKeys?) {
        self.object = object
        self.path = path
        self.converted = converted
    }
}
