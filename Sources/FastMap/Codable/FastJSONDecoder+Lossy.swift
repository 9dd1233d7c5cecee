import Foundation

extension FastJSONDecoder {
    /// Lossy coercions FastJSONDecoder may accept; by default it accepts none and is exactly
    /// as strict as `JSONDecoder`.
    ///
    /// A coercion never invents a value: `"1.5"` does not become an `Int`, `2` does not become
    /// a `Bool`, and `"abc"` is still an error.
    public struct LossyCoercions: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int

        /// Creates a set from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Numbers (and `Decimal`) from strings holding a JSON number: `"42"`, `"-1.5e3"`.
        public static let numbersFromStrings = LossyCoercions(rawValue: 1 << 0)
        /// Strings from numbers, written as FastMap writes numbers (`42`, `1.5`).
        public static let stringsFromNumbers = LossyCoercions(rawValue: 1 << 1)
        /// `Bool` from the numbers `0` and `1`.
        public static let boolsFromNumbers = LossyCoercions(rawValue: 1 << 2)
        /// `Bool` from `"true"`, `"false"`, `"yes"`, `"no"`, in any letter case.
        public static let boolsFromStrings = LossyCoercions(rawValue: 1 << 3)
        /// Arrays (`[T]`) drop the elements that fail to decode instead of failing.
        public static let skipInvalidArrayElements = LossyCoercions(rawValue: 1 << 4)

        /// Every coercion.
        public static let all: LossyCoercions = [
            .numbersFromStrings, .stringsFromNumbers, .boolsFromNumbers, .boolsFromStrings,
            .skipInvalidArrayElements,
        ]
    }
}
