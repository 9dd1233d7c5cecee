import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Misuses of the issue #19 annotations and `@JSONModel` arguments, reported at compile time
/// with their fix-its applied where there is one.
@Suite("@JSONModel diagnostics: aliases, ignores, flatten, root, tagging")
struct JSONModelDiagnosticExtensionTests {
    @Test func decodeAliasWithoutKeys() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @DecodeAlias() let id: Int
            }
            """#,
            expandedSource: #"""
                struct User {
                    let id: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DecodeAlias needs at least one key to try, as in @DecodeAlias(\"user_id\")", line: 3,
                    column: 5, severity: .error, fixIts: [FixItSpec(message: "Remove @DecodeAlias")])
            ],
            applyFixIts: ["Remove @DecodeAlias"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    let id: Int
                }
                """#)
    }

    @Test func decodeAliasOnAPathAndAliasThatIsAPath() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Key("a.b") @DecodeAlias("c") let id: Int
                @DecodeAlias("x.y") let name: String
            }
            """#,
            expandedSource: #"""
                struct User {
                    let id: Int
                    let name: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DecodeAlias applies to a property read from one key, not from the path \"a.b\"", line: 3,
                    column: 17, severity: .error),
                DiagnosticSpec(
                    message: "an alias is one object key; \"x.y\" is a path", line: 4, column: 18, severity: .error),
            ])
    }

    @Test func conflictingIgnores() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Ignore(.decoding) @Ignore(.encoding) var cache: Int = 0
            }
            """#,
            expandedSource: #"""
                struct User {
                    var cache: Int = 0
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Ignore(.decoding) and @Ignore(.encoding) together leave the property out both ways; write a single @Ignore",
                    line: 3, column: 24, severity: .error, fixIts: [FixItSpec(message: "Replace with @Ignore")])
            ],
            applyFixIts: ["Replace with @Ignore"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    @Ignore var cache: Int = 0
                }
                """#)
    }

    @Test func ignoreDecodingNeedsAValue() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Ignore(.decoding) var count: Int
            }
            """#,
            expandedSource: #"""
                struct User {
                    var count: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Ignore property 'count' needs an initial value", line: 3, column: 5, severity: .error,
                    fixIts: [FixItSpec(message: "Add '= 0'")])
            ],
            applyFixIts: ["Add '= 0'"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    @Ignore(.decoding) var count: Int = 0
                }
                """#)
    }

    @Test func flattenOnAScalarAndWithAKey() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Flatten var count: Int
                @Flatten @Key("a") var address: Address
            }
            """#,
            expandedSource: #"""
                struct User {
                    var count: Int
                    var address: Address
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Flatten applies to a nested model type, not to 'Int'", line: 3, column: 5,
                    severity: .error, fixIts: [FixItSpec(message: "Remove @Flatten")]),
                DiagnosticSpec(
                    message: "@Flatten and @Key cannot be combined on 'address'", line: 4, column: 14,
                    severity: .error, fixIts: [FixItSpec(message: "Remove @Key")]),
            ],
            applyFixIts: ["Remove @Flatten"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    var count: Int
                    @Flatten @Key("a") var address: Address
                }
                """#)
    }

    @Test func jsonStringWithLossy() {
        assertExpansion(
            #"""
            @JSONModel
            struct Message {
                @JSONString @Lossy var items: [Int]
            }
            """#,
            expandedSource: #"""
                struct Message {
                    var items: [Int]
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@JSONString and @Lossy cannot be combined on 'items'", line: 3, column: 17,
                    severity: .error, fixIts: [FixItSpec(message: "Remove @Lossy")])
            ])
    }

    @Test func taggingOnAStruct() {
        assertExpansion(
            #"""
            @JSONModel(tagging: .external)
            struct User {
                let id: Int
            }
            """#,
            expandedSource: #"""
                struct User {
                    let id: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "tagging: applies to enums with associated values; structs and classes use @JSONModel",
                    line: 1, column: 1, severity: .error, fixIts: [FixItSpec(message: "Remove tagging:")])
            ],
            applyFixIts: ["Remove tagging:"],
            fixedSource: #"""
                @JSONModel
                struct User {
                    let id: Int
                }
                """#)
    }

    @Test func rootWithAnIndexAndKeysOnAnEnum() {
        assertExpansion(
            #"""
            @JSONModel(root: "items[0]")
            struct Item {
                let id: Int
            }
            @JSONModel(keys: .snakeCase)
            enum Shape {
                case circle(radius: Double)
            }
            """#,
            expandedSource: #"""
                struct Item {
                    let id: Int
                }
                enum Shape {
                    case circle(radius: Double)
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "root: is a path of object keys such as \"data.user\"; \"items[0]\" is not", line: 1,
                    column: 18, severity: .error),
                DiagnosticSpec(
                    message: "keys: applies to structs and classes", line: 5, column: 12, severity: .error),
            ])
    }

    @Test func adjacentTagAndContentMustDiffer() {
        assertExpansion(
            #"""
            @JSONModel(tagging: .adjacent(tag: "t", content: "t"))
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
                        "tagging: takes .external, .internal(discriminator: \"type\"), .adjacent(tag: \"type\", content: \"value\") or .untagged",
                    line: 1, column: 21, severity: .error)
            ])
    }

    @Test func valueKeyForAMissingLabel() {
        assertExpansion(
            #"""
            @JSONModel(tagging: .external)
            enum Shape {
                @Key("r", for: "radius") case circle(size: Double)
            }
            """#,
            expandedSource: #"""
                enum Shape {
                    case circle(size: Double)
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "case 'circle' has no associated value 'radius'", line: 3, column: 35, severity: .error)
            ])
    }
}
