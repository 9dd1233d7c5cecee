import Foundation

/// A floating-point value ready to be written: its JSON number text, or the string a
/// `.convertToString` strategy substitutes for NaN and the infinities.
enum EncodedFloat {
    case number
    case string(String)
}
