/// The extra steps of nested containers, newest last. Only `nestedContainer` calls allocate one.
package final class CodingPathTail {
    package let parent: CodingPathTail?
    package let component: CodingPathComponent

    package init(parent: CodingPathTail?, component: CodingPathComponent) {
        self.parent = parent
        self.component = component
    }

    /// The steps from the oldest to this one.
    package var components: [CodingPathComponent] {
        var result: [CodingPathComponent] = []
        var current: CodingPathTail? = self
        while let link = current {
            result.append(link.component)
            current = link.parent
        }
        return result.reversed()
    }
}
