@_spi(FastMapCore) import FastMapCore
import Foundation

extension EncodingStream {
    /// Whether the frame a handle names still exists (reading a path through a handle whose
    /// frame has ended cannot be answered from the stack: bail out).
    func isCurrent(_ index: Int, _ generation: Int) -> Bool {
        let state = self.state
        if index >= 0 && index < state.value.frames.count && state.value.frames[index].generation == generation {
            return true
        }
        state.value.bailedOut = true
        return false
    }
}
