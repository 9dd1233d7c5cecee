import Foundation

extension EncodingStream {
    /// Starts a nested container (or a `superEncoder()` position) in the container `index`:
    /// `header` writes the member's key or the element's separator and names the position.
    /// Returns the new frame's generation, or 0 (which no frame has) after bailing out.
    func beginNested(
        _ kind: EncodingFrame.Kind, in index: Int, _ generation: Int, role: EncodingFrame.Role = .nested,
        countsInParent: Bool = false, header: () -> EncodingPathComponent
    ) -> Int {
        guard state.pointee.prepare(index, generation) else { return 0 }
        let component = header()
        if kind != .pending {
            guard state.pointee.openContainer(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "[")) else {
                return 0
            }
        }
        return state.pointee.push(kind, role: role, component: component, countsInParent: countsInParent)
    }
}
