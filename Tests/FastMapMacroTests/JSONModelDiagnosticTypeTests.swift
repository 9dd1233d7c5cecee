import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Misuses of `@JSONModel` on types, enums and key paths reported at compile time, with their
/// fix-its applied where there is one.
@Suite("@JSONModel diagnostics: types and keys")
struct JSONModelDiagnosticTypeTests {
    @Test func conflictingKeyPaths() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Key("address") let address: String
                @Key("address.zip") let zip: Int
            }
            """#,
            expandedSource: #"""
                struct User {
                    let address: String
                    let zip: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "key path \"address.zip\" of 'zip' conflicts with \"address\" of 'address': one path is inside the other's value",
                    line: 4, column: 29, severity: .error)
            ])
    }

    @Test func enumWithoutDiscriminator() {
        assertExpansion(
            #"""
            @JSONModel
            enum Shape {
                case circle(radius: Double)
            }
            """#,
            expandedSource: #"""
                enum Shape {
                    case circle(radius: Double)
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@JSONModel on an enum needs the key that names the case, as in @JSONModel(discriminator: \"type\")",
                    line: 1, column: 1, severity: .error, fixIts: [FixItSpec(message: "Add discriminator: \"type\"")])
            ],
            applyFixIts: ["Add discriminator: \"type\""],
            fixedSource: #"""
                @JSONModel(discriminator: "type")
                enum Shape {
                    case circle(radius: Double)
                }
                """#)
    }

    @Test func discriminatorOnStruct() {
        assertExpansion(
            #"""
            @JSONModel(discriminator: "kind")
            struct Shape {
                let radius: Double
            }
            """#,
            expandedSource: #"""
                struct Shape {
                    let radius: Double
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "discriminator: \"kind\" applies to enums with associated values; structs and classes use @JSONModel",
                    line: 1, column: 1, severity: .error)
            ])
    }

    @Test func userCodingKeys() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                enum CodingKeys: String, CodingKey {
                    case name
                }
                let name: String
            }
            """#,
            expandedSource: #"""
                struct User {
                    enum CodingKeys: String, CodingKey {
                        case name
                    }
                    let name: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@JSONModel writes CodingKeys itself; remove this one and describe the mapping with annotations",
                    line: 3, column: 10, severity: .error)
            ])
    }

    @Test func badKeyArguments() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Key(someKey) let name: String
                @Key("[0].name") let first: String
            }
            """#,
            expandedSource: #"""
                struct User {
                    let name: String
                    let first: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Key takes string and integer literals, as in @Key(\"a.b\") or @Key(\"a\", 0)", line: 3,
                    column: 10, severity: .error),
                DiagnosticSpec(
                    message: "a @Key path must start with a key, not an array index", line: 4, column: 5,
                    severity: .error),
            ])
    }

    @Test func conflictingAnnotationsAndMisplacedOnes() {
        assertExpansion(
            #"""
            @JSONModel
            struct Event {
                @DateFormat(.iso8601) @Transform(MyDates.self) let start: Date
                @EncodeNil let name: String
                @Key("x") var computed: Int { 1 }
            }
            """#,
            expandedSource: #"""
                struct Event {
                    let start: Date
                    let name: String
                    var computed: Int { 1 }
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DateFormat and @Transform cannot be combined on 'start'", line: 3, column: 27,
                    severity: .error, fixIts: [FixItSpec(message: "Remove @Transform")]),
                DiagnosticSpec(
                    message: "@EncodeNil has no effect on non-optional 'name'", line: 4, column: 5, severity: .warning,
                    fixIts: [FixItSpec(message: "Remove @EncodeNil")]),
                DiagnosticSpec(
                    message: "@Key applies to stored instance properties", line: 5, column: 5, severity: .error,
                    fixIts: [FixItSpec(message: "Remove @Key")]),
            ])
    }

    @Test func enumCaseProblems() {
        assertExpansion(
            #"""
            @JSONModel(discriminator: "type")
            enum Shape {
                case circle(type: Double)
                @Key("a") case one
                @Key("a") case two
            }
            """#,
            expandedSource: #"""
                enum Shape {
                    case circle(type: Double)
                    case one
                    case two
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "associated value 'type' of case 'circle' has the discriminator's key \"type\"", line: 3,
                    column: 17, severity: .error),
                DiagnosticSpec(
                    message: "cases 'one' and 'two' have the same \"type\" value \"a\"", line: 5, column: 20,
                    severity: .error),
            ])
    }
}
