import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Misuses of `@JSONModel` property annotations reported at compile time, with their fix-its
/// applied where there is one.
@Suite("@JSONModel diagnostics: properties")
struct JSONModelDiagnosticPropertyTests {
    @Test func defaultOfWrongStringType() {
        assertExpansion(
            #"""
            @JSONModel
            struct Counts {
                @Default("5") let views: Int
            }
            """#,
            expandedSource: #"""
                struct Counts {
                    let views: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Default value \"5\" is a string, but 'views' is Int", line: 3, column: 14,
                    severity: .error, fixIts: [FixItSpec(message: "Use 5")])
            ],
            applyFixIts: ["Use 5"],
            fixedSource: #"""
                @JSONModel
                struct Counts {
                    @Default(5) let views: Int
                }
                """#)
    }

    @Test func defaultOfWrongIntegerType() {
        assertExpansion(
            #"""
            @JSONModel
            struct Counts {
                @Default(5) let label: String
            }
            """#,
            expandedSource: #"""
                struct Counts {
                    let label: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Default value 5 is an integer, but 'label' is String", line: 3, column: 14,
                    severity: .error, fixIts: [FixItSpec(message: "Use \"5\"")])
            ],
            applyFixIts: ["Use \"5\""],
            fixedSource: #"""
                @JSONModel
                struct Counts {
                    @Default("5") let label: String
                }
                """#)
    }

    @Test func defaultOfWrongFloatAndBoolType() {
        assertExpansion(
            #"""
            @JSONModel
            struct Counts {
                @Default(2.0) let views: Int
                @Default("yes") let flag: Bool
            }
            """#,
            expandedSource: #"""
                struct Counts {
                    let views: Int
                    let flag: Bool
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Default value 2.0 is a floating-point number, but 'views' is Int", line: 3, column: 14,
                    severity: .error, fixIts: [FixItSpec(message: "Use 2")]),
                DiagnosticSpec(
                    message: "@Default value \"yes\" is a string, but 'flag' is Bool", line: 4, column: 14,
                    severity: .error),
            ])
    }

    @Test func lossyOnNonCollection() {
        assertExpansion(
            #"""
            @JSONModel
            struct Tags {
                @Lossy let tag: String
            }
            """#,
            expandedSource: #"""
                struct Tags {
                    let tag: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Lossy applies to arrays, sets and dictionaries, not to 'String'", line: 3, column: 5,
                    severity: .error, fixIts: [FixItSpec(message: "Remove @Lossy")])
            ],
            applyFixIts: ["Remove @Lossy"],
            fixedSource: #"""
                @JSONModel
                struct Tags {
                    let tag: String
                }
                """#)
    }

    @Test func twoKeys() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Key("first_name") @Key("firstName") let firstName: String
            }
            """#,
            expandedSource: #"""
                struct User {
                    let firstName: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "a property can have only one @Key", line: 3, column: 24, severity: .error,
                    fixIts: [FixItSpec(message: "Remove this @Key")])
            ],
            applyFixIts: ["Remove this @Key"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    @Key("first_name") let firstName: String
                }
                """#)
    }

    @Test func ignoreWithoutInitialValue() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Ignore var cache: [String: Int]
            }
            """#,
            expandedSource: #"""
                struct User {
                    var cache: [String: Int]
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Ignore property 'cache' needs an initial value", line: 3, column: 5, severity: .error,
                    fixIts: [FixItSpec(message: "Add '= [:]'")])
            ],
            applyFixIts: ["Add '= [:]'"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    @Ignore var cache: [String: Int] = [:]
                }
                """#)
    }

    @Test func ignoredLetWithoutInitialValue() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Ignore let token: String
            }
            """#,
            expandedSource: #"""
                struct User {
                    let token: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Ignore property 'token' needs an initial value", line: 3, column: 5, severity: .error,
                    fixIts: [FixItSpec(message: "Add '= \"\"'")])
            ])
    }

    @Test func unknownDateFormatLetter() {
        assertExpansion(
            #"""
            @JSONModel
            struct Event {
                @DateFormat(.format("yyyy-MM-ddTHH:mm")) let start: Date
            }
            """#,
            expandedSource: #"""
                struct Event {
                    let start: Date
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "date format \"yyyy-MM-ddTHH:mm\" has unknown pattern letter 'T'; put literal text in single quotes",
                    line: 3, column: 25, severity: .error, fixIts: [FixItSpec(message: "Quote 'T' as literal text")])
            ],
            applyFixIts: ["Quote 'T' as literal text"],
            fixedSource: #"""
                @JSONModel
                struct Event {
                    @DateFormat(.format("yyyy-MM-dd'T'HH:mm")) let start: Date
                }
                """#)
    }

    @Test func dateFormatMisuse() {
        assertExpansion(
            #"""
            @JSONModel
            struct Event {
                @DateFormat(.iso8601) let start: String
                @DateFormat(myFormat) let end: Date
            }
            """#,
            expandedSource: #"""
                struct Event {
                    let start: String
                    let end: Date
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DateFormat applies to Date properties, not to 'String'", line: 3, column: 5,
                    severity: .error),
                DiagnosticSpec(
                    message:
                        "@DateFormat takes .iso8601, .iso8601WithFractionalSeconds, .rfc3339, .rfc2822, .secondsSince1970, .millisecondsSince1970, .format(\"…\") or .custom(Type.self)",
                    line: 4, column: 17, severity: .error),
            ])
    }

    @Test func missingTypeAnnotation() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                var count = 0
            }
            """#,
            expandedSource: #"""
                struct User {
                    var count = 0
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@JSONModel needs the type of 'count' spelled out", line: 3, column: 9, severity: .error,
                    fixIts: [FixItSpec(message: "Add ': Int'")])
            ],
            applyFixIts: ["Add ': Int'"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    var count: Int = 0
                }
                """#)
    }

    @Test func annotatedLetWithInitialValue() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Key("v") let version = 2
            }
            """#,
            expandedSource: #"""
                struct User {
                    let version = 2
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Key has no effect: 'version' is a 'let' with an initial value, which decoding cannot set",
                    line: 3, column: 5, severity: .error, fixIts: [FixItSpec(message: "Make 'version' a 'var'")])
            ],
            applyFixIts: ["Make 'version' a 'var'"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    @Key("v") var version = 2
                }
                """#)
    }
}
