import CFastMap
import FastMap
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// Issue #15, item 3: jansson's allocation hooks are process-wide. FastMap chains to hooks
/// installed before its own, and when another library installs hooks after it, trees are
/// reference counted (and freed through that library's functions) instead of leaking in
/// arenas. The second jansson user is a C helper (`fm_test_counting_*`) that counts, on the
/// calling thread, the blocks its hooks allocate and free.
@Suite("Safety: a second jansson user in the process", .serialized)
struct SafetyAllocatorTests {
    static let text = #"{"a":[1,2,{"b":"a string long enough to be allocated"}],"c":18446744073709551615}"#

    static func check(_ json: JSON) {
        #expect(json["a"]?[1]?.int == 2)
        #expect(json["a"]?[2]?["b"]?.string == "a string long enough to be allocated")
        #expect(json["c"]?.uint64 == UInt64.max)
    }

    static func streamedCount(usesArenas: Bool) throws -> Int {
        let run = try runStream(
            [Array("[\(text),\(text),\(text)]".utf8)], mode: .array(.root), usesArenas: usesArenas)
        #expect(run.stop == nil)
        return run.elements.count
    }

    /// Another library replaces the hooks after FastMap installed its own (and does not chain):
    /// every tree is then allocated and freed with that library's functions, none is lost.
    @Test func hooksInstalledAfterFastMap() throws {
        Self.check(try JSON(string: Self.text))
        #expect(fm_arena_hooks_active() != 0)
        fm_test_counting_reset()
        fm_test_counting_install()
        do {
            defer { fm_test_counting_restore() }
            #expect(fm_arena_hooks_active() == 0)
            for round in 0..<300 {
                for parser in JSONParser.allCases {
                    let json = try JSON(string: Self.text, options: .init(parser: parser, usesArena: true))
                    Self.check(json)
                    if round == 0 { #expect(json.document.arena == nil, "an arena tree under foreign hooks") }
                }
            }
            #expect(try Self.streamedCount(usesArenas: true) == 3)
            #expect(fm_test_counting_build(50) != 0)
            fm_test_counting_release()
        }
        let allocations = fm_test_counting_allocations()
        #expect(allocations > 300 * 2 * 5, "the trees did not use the other library's allocator")
        #expect(allocations == fm_test_counting_frees(), "trees allocated under foreign hooks were not freed")
        // FastMap's hooks are back: arenas again.
        #expect(fm_arena_hooks_active() != 0)
        let again = try JSON(string: Self.text)
        Self.check(again)
        #expect(again.document.arena != nil)
    }

    /// Another library installed its hooks before FastMap did: FastMap chains to them, so the
    /// other library's trees are freed with its own function, and so are FastMap's
    /// reference-counted trees.
    @Test func hooksInstalledBeforeFastMap() throws {
        fm_test_counting_reset()
        fm_test_counting_install()
        #expect(fm_test_counting_build(100) != 0)
        let built = fm_test_counting_allocations()
        #expect(built > 0)
        // FastMap's first use comes now, after the other library's hooks.
        fm_test_chain_arena_hooks(1)
        defer {
            fm_test_counting_restore()
            fm_test_chain_arena_hooks(0)
        }
        #expect(fm_arena_hooks_active() != 0)
        for usesArena in [true, false] {
            for _ in 0..<200 {
                let json = try JSON(string: Self.text, options: .init(usesArena: usesArena))
                Self.check(json)
                #expect((json.document.arena != nil) == usesArena)
            }
            #expect(try Self.streamedCount(usesArenas: usesArena) == 3)
        }
        // The reference-counted trees went through the other library's functions.
        #expect(fm_test_counting_allocations() > built)
        fm_test_counting_release()
        #expect(fm_test_counting_allocations() == fm_test_counting_frees(), "blocks freed past the other hooks")
    }
}
