@_spi(FastMapCore) import FastMapCore
import Foundation

extension EncodingStream {
    /// Starts a nested container (or a `superEncoder()` position) in the container `index`:
    /// `header` writes the member's key or the element's separator and names the position.
    /// `keyType` names a nested object's keys. Returns the new frame's generation, or 0 (which no frame has) after bailing out.
    func beginNested(
        _ kind: EncodingFrame.Kind, in index: Int, _ generation: Int, role: EncodingFrame.Role = .nested,
        countsInParent: Bool = false, keyType: (any CodingKey.Type)? = nil, header: () -> CodingPathComponent?
    ) -> Int {
        guard state.value.prepare(index, generation) else { return 0 }
        let component = header()
        if kind != .pending {
            guard state.value.openContainer(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "[")) else {
                return 0
            }
        }
        return state.value.push(
            kind, role: role, component: component, countsInParent: countsInParent, keyType: keyType)
    }
}
