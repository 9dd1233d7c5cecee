import FastMapCore
import Testing

/// The benchmark's ceiling row must tokenize what the builder accepts and stop at what it
/// rejects, or its speed is not the speed of the same work.
@Suite struct TokenizerCeilingTests {
    @Test(arguments: [#"{"a":[1,2.5,"x",true,null]}"#, "[]", "42", #""\u00e9""#])
    func acceptsWhatTheBuilderAccepts(_ text: String) throws {
        var text = text
        #expect(text.withUTF8 { TokenizerCeiling.scan(UnsafeRawBufferPointer($0)) })
        #expect(throws: Never.self) { try JSON(string: text) }
    }

    @Test(arguments: [#"{"a":}"#, "[1 2]", "", #""open"#])
    func rejectsWhatTheBuilderRejects(_ text: String) {
        var text = text
        #expect(!text.withUTF8 { TokenizerCeiling.scan(UnsafeRawBufferPointer($0)) })
        #expect(throws: FastMapError.self) { try JSON(string: text) }
    }
}
