@_spi(FastMapCore) import FastMapCore
import Foundation
import Testing

/// `OptionalPayload.ifPresent` reads an optional's case with its wrapped type's value witness
/// (in C): it must agree with Swift's own unwrapping for every kind of wrapped type: with spare
/// bits or extra inhabitants (references, strings, enums) and without (integers, whose optional
/// carries an extra tag byte), empty, large, existential, and optionals of optionals.
@Suite struct OptionalPayloadTests {
    final class Reference: Equatable {
        let number: Int
        init(_ number: Int) { self.number = number }
        static func == (left: Reference, right: Reference) -> Bool { left.number == right.number }
    }

    enum Choice: Equatable { case first, second(String), third(Int, Int) }
    enum Small: Equatable { case a, b, c }
    struct Empty: Equatable {}
    struct Large: Equatable {
        var text = "a string long enough to live on the heap, not inline in the struct"
        var numbers = [1, 2, 3]
        var flag = true
        var value = 2.5
        var byte: UInt8 = 7
    }

    /// What `ifPresent` hands over (nil if it calls nothing), through the generic entry point.
    static func unwrapped<T>(_ optional: T?) -> T? {
        var seen: T?
        var calls = 0
        OptionalPayload.ifPresent(optional) {
            seen = $0
            calls += 1
        }
        #expect(calls == (optional == nil ? 0 : 1))
        return seen
    }

    static func check<T: Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(unwrapped(T?.some(value)) == value, sourceLocation: sourceLocation)
        #expect(unwrapped(T?.none) == nil, sourceLocation: sourceLocation)
    }

    @Test func agreesWithSwiftForEveryKindOfWrappedType() {
        Self.check(0)
        Self.check(Int.min)
        Self.check(UInt8.max)
        Self.check(true)
        Self.check(false)
        Self.check(0.0)
        Self.check(Double.nan.bitPattern)
        Self.check("")
        Self.check("text that is longer than fifteen bytes")
        Self.check([1, 2, 3])
        Self.check([String: Int]())
        Self.check(Reference(42))
        Self.check(Choice.first)
        Self.check(Choice.second("x"))
        Self.check(Choice.third(1, 2))
        Self.check(Small.c)
        Self.check(Empty())
        Self.check(Large())
        Self.check(Date(timeIntervalSince1970: 1))
        Self.check(URL(string: "https://example.com")!)
    }

    @Test func anOptionalOfAnOptionalHoldingNilIsPresent() {
        // `.some(nil)` is present: its value is the inner nil.
        let inner: Int?? = .some(nil)
        #expect(Self.unwrapped(inner) == .some(nil))
        let none: Int?? = .none
        #expect(Self.unwrapped(none) == nil)
        let deep: String??? = .some(.some(.some("x")))
        #expect(Self.unwrapped(deep) == .some(.some("x")))
        let referenceInside: Reference?? = .some(nil)
        #expect(Self.unwrapped(referenceInside) == .some(nil))
    }

    @Test func anExistentialIsHandedOverWhole() {
        let value: (any Equatable)? = Choice.second("y")
        let seen = Self.unwrapped(value)
        #expect((seen as? Choice) == .second("y"))
        let none: (any Equatable)? = nil
        #expect(Self.unwrapped(none) == nil)
    }

    @Test func theValueHandedOverIsACopyThatOutlivesNothing() {
        weak var watched: Reference?
        do {
            let reference = Reference(1)
            watched = reference
            let optional: Reference? = reference
            #expect(Self.unwrapped(optional) === reference)
        }
        #expect(watched == nil)
    }
}
