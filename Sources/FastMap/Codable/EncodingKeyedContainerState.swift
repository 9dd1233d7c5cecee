/// The frame one keyed encoding container writes into: a class, so that a container's box can
/// be handed out again (see ``ReusableContainerBoxes``).
final class EncodingKeyedContainerState {
    /// The frame's place on the stream's stack, and its generation (see ``EncodingStream``).
    @exclusivity(unchecked) var index: Int
    @exclusivity(unchecked) var generation: Int

    init(index: Int, generation: Int) {
        self.index = index
        self.generation = generation
    }
}
