import Foundation

extension EncodingStream {
    /// Whether the frame a handle names still exists (reading a path through a handle whose
    /// frame has ended cannot be answered from the stack: bail out).
    func isCurrent(_ index: Int, _ generation: Int) -> Bool {
        let state = self.state
        if index >= 0 && index < state.pointee.frames.count && state.pointee.frames[index].generation == generation {
            return true
        }
        state.pointee.bailedOut = true
        return false
    }
}
