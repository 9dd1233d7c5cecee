@_spi(FastMapCore) import FastMapCore
import Foundation

/// The value a property decodes from, once its transformer's steps ran.
enum TransformedValue {
    case missing
    /// A node of the document, found at `source` (relative to the model's object; nil when it is
    /// the property's own key).
    case node(JSONNode, source: [JSONKeyPath.Component]?)
    /// A default value, in a document of its own.
    case value(JSON)
    /// What a `Map` closure returned.
    case mapped(Any)
    case date(Date)
    /// A value a date transformer could not read.
    case badDate(DateCoding, JSON, source: [JSONKeyPath.Component]?)
    /// A default value that has no JSON form.
    case failure(String)

    var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }
}
