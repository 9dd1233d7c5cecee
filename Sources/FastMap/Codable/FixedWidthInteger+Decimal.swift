import Foundation

extension FixedWidthInteger {
    /// The integer part of `decimal`, or nil when it does not fit: the conversion `JSONDecoder`
    /// uses for large numbers written with a fraction or exponent. It reads the stored mantissa
    /// as an unsigned 64-bit magnitude, so like Foundation it rejects `Self.min` of signed types
    /// and mantissas wider than 64 bits.
    package init?(truncating decimal: Decimal) {
        guard !decimal.isNaN else { return nil }
        let negative = decimal.sign == .minus
        if negative && !Self.isSigned { return nil }
        guard var magnitude = UInt64(decimal.significand.description) else { return nil }
        let exponent = decimal.exponent
        if exponent < 0 {
            for _ in 0 ..< -exponent { magnitude /= 10 }
        } else {
            for _ in 0..<exponent {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                magnitude = product
            }
        }
        guard let value = Self(exactly: magnitude) else { return nil }
        self = negative ? 0 - value : value
    }
}
