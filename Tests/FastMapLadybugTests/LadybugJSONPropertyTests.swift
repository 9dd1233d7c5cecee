import FastMapLadybug
import Foundation
import Testing

/// `toData()` of models holding a `JSON` property that another property's key path goes below:
/// the path adds to a copy of the value, as it adds to a nested model's object, and the value
/// itself stays as it was. (Writing into the node standing for the value stopped the process.)
@Suite("Ladybug: key paths below JSON properties")
struct LadybugJSONPropertyTests {
    struct Meta: JSONCodable {
        let meta: JSON
        let extra: Int
        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["extra": "meta.extra"]
    }

    struct Deep: JSONCodable {
        let meta: JSON
        let extra: Int
        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["extra": "meta.inner.b"]
    }

    struct Listed: JSONCodable {
        let list: JSON
        let extra: Int
        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["extra": "list[2]"]
    }

    struct FirstListed: JSONCodable {
        let list: JSON
        let first: Int
        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["first": "list[0]"]
    }

    /// A decode-only property (a `Map`) waits for the model to finish, then goes below the value.
    struct Mapped: JSONCodable {
        let meta: JSON
        let count: Int
        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "count": "meta.count" <- Map<Int> { $0 as? Int }
        ]
    }

    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test(arguments: [false, true])
    func aPathBelowAJSONObjectAddsToIt(parsed: Bool) throws {
        let meta: JSON = parsed ? try JSON(string: #"{"a":1}"#) : ["a": 1]
        let before = try meta.data()
        #expect(try text(Meta(meta: meta, extra: 5).toData()) == #"{"meta":{"a":1,"extra":5}}"#)
        #expect(try meta.data() == before)
    }

    @Test func aMemberTheValueHoldsKeepsItsValue() throws {
        let meta = try JSON(string: #"{"extra":1,"a":2}"#)
        #expect(try text(Meta(meta: meta, extra: 5).toData()) == #"{"meta":{"extra":1,"a":2}}"#)
    }

    @Test func aPathThroughAValueNestedInTheJSONAddsThere() throws {
        let meta = try JSON(string: #"{"inner":{"a":1},"z":true}"#)
        #expect(try text(Deep(meta: meta, extra: 7).toData()) == #"{"meta":{"inner":{"a":1,"b":7},"z":true}}"#)
        #expect(try meta.data() == Data(#"{"inner":{"a":1},"z":true}"#.utf8))
    }

    @Test func aPathBelowAJSONScalarIsLeftOut() throws {
        #expect(try text(Meta(meta: "text", extra: 5).toData()) == #"{"meta":"text"}"#)
    }

    @Test func anIndexPastAJSONArrayPadsACopy() throws {
        let list = try JSON(string: "[1]")
        #expect(try text(Listed(list: list, extra: 5).toData()) == #"{"list":[1,null,5]}"#)
        #expect(try list.data() == Data("[1]".utf8))
    }

    @Test func anIndexTheJSONArrayHoldsKeepsItsElement() throws {
        #expect(try text(FirstListed(list: [9, 8], first: 1).toData()) == #"{"list":[9,8]}"#)
    }

    @Test func aDecodeOnlyPropertyGoesBelowTheValueWhereNothingIs() throws {
        let meta = try JSON(string: #"{"a":1}"#)
        #expect(try text(Mapped(meta: meta, count: 3).toData()) == #"{"meta":{"a":1,"count":3}}"#)
        let counted = try JSON(string: #"{"count":1}"#)
        #expect(try text(Mapped(meta: counted, count: 3).toData()) == #"{"meta":{"count":1}}"#)
    }

    /// A hand-written `encode(to:)` opening a nested container where a `JSON` object already is.
    struct Nested: JSONCodable {
        let meta: JSON
        let b: Int

        enum CodingKeys: String, CodingKey { case meta, more }
        enum MoreKeys: String, CodingKey { case b }

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["more": "meta"]

        init(meta: JSON, b: Int) {
            self.meta = meta
            self.b = b
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            meta = try container.decode(JSON.self, forKey: .meta)
            b = try container.nestedContainer(keyedBy: MoreKeys.self, forKey: .more).decode(Int.self, forKey: .b)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(meta, forKey: .meta)
            var more = container.nestedContainer(keyedBy: MoreKeys.self, forKey: .more)
            try more.encode(b, forKey: .b)
        }
    }

    @Test func aNestedContainerAtAJSONObjectWritesIntoACopy() throws {
        let meta = try JSON(string: #"{"a":1}"#)
        let data = try Nested(meta: meta, b: 2).toData()
        #expect(text(data) == #"{"meta":{"a":1,"b":2}}"#)
        #expect(try meta.data() == Data(#"{"a":1}"#.utf8))
        let back = try Nested(data: data)
        #expect(back.b == 2)
    }

    /// A value encoded whole through the single value container, then a keyed or an unkeyed
    /// container asked for: `JSONEncoder` stops the process; FastMap throws.
    struct Twice: JSONCodable {
        let value: JSON
        var keyed = true
        enum CodingKeys: String, CodingKey { case x }

        init(value: JSON, keyed: Bool) {
            self.value = value
            self.keyed = keyed
        }
        init(from decoder: any Decoder) throws { value = try JSON(from: decoder) }

        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(value)
            if keyed {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .x)
            } else {
                var container = encoder.unkeyedContainer()
                try container.encode(1)
            }
        }
    }

    @Test(arguments: [(#"{"a":1}"#, true), ("[1]", false)])
    func aContainerAfterAJSONValueEncodedWholeIsAMisuse(text: String, keyed: Bool) throws {
        let value = try JSON(string: text)
        #expect(throws: EncodingError.self) { try [Twice(value: value, keyed: keyed)].toData() }
        #expect(try value.data() == Data(text.utf8))
    }
}
