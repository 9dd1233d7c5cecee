import FastMapMacroExpansions
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the compiler sees them: `@JSONModel` adds `Decodable`, `Encodable`,
/// `JSONObjectDecodable` and `JSONObjectEncodable`.
let jsonModelMacros: [String: MacroSpec] = {
    var specs: [String: MacroSpec] = [
        "JSONModel": MacroSpec(
            type: JSONModelMacro.self,
            conformances: ["Decodable", "Encodable", "JSONObjectDecodable", "JSONObjectEncodable"])
    ]
    for name in [
        "Key", "Default", "Lossless", "Lossy", "DateFormat", "Modify", "Validate", "EncodeNil", "Transform", "Ignore",
        "DecodeAlias", "EncodeKey", "Flatten", "JSONString",
    ] {
        specs[name] = MacroSpec(type: AnnotationMacro.self)
    }
    return specs
}()

/// `assertMacroExpansion` reporting through Swift Testing.
func assertExpansion(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [], applyFixIts: [String]? = nil,
    fixedSource: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: jsonModelMacros,
        applyFixIts: applyFixIts, fixedSource: fixedSource,
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        })
}
