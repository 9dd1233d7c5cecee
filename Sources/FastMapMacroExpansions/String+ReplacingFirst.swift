import SwiftSyntax

extension String {
    /// `self` with the first `target` replaced.
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
