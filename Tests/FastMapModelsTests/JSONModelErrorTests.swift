import FastMapModels
import Foundation
import Testing

@JSONModel
struct Order: Equatable {
    @Key("customer.address.zip") let zip: Int
    @Key("lines[1].quantity") let secondQuantity: Int
    let items: [OrderItem]
}

@JSONModel
struct OrderItem: Equatable {
    let sku: String
    @Validate({ $0 > 0 }) let quantity: Int
}

@Suite("@JSONModel errors")
struct JSONModelErrorTests {
    private static let valid = #"""
        {"customer": {"address": {"zip": 12345}}, "lines": [{"quantity": 1}, {"quantity": 2}],
         "items": [{"sku": "a", "quantity": 1}]}
        """#

    /// The error `JSONDecoder` (or, with `fast`, `FastJSONDecoder`) throws for `text`.
    private func failure(fast: Bool, _ text: String) throws -> (DecodingError, DecodingError.Context) {
        do {
            if fast {
                _ = try FastJSONDecoder().decode(Order.self, from: Data(text.utf8))
            } else {
                _ = try JSONDecoder().decode(Order.self, from: Data(text.utf8))
            }
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                return (error, context)
            @unknown default:
                break
            }
        }
        Issue.record("expected a DecodingError")
        throw CancellationError()
    }

    @Test func validPayloadDecodes() throws {
        let order = try JSONDecoder().decode(Order.self, from: Data(Self.valid.utf8))
        #expect(order.zip == 12345 && order.secondQuantity == 2 && order.items.count == 1)
    }

    @Test(arguments: [false, true]) func typeMismatchNamesModelPropertyPathTypeAndValue(fast: Bool) throws {
        let text = Self.valid.replacingOccurrences(of: "12345", with: #""12345x""#)
        let (error, context) = try failure(fast: fast, text)
        guard case .typeMismatch = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["customer", "address", "zip"])
        #expect(context.debugDescription.contains("Order.zip"))
        #expect(context.debugDescription.contains("\"customer.address.zip\""))
        #expect(context.debugDescription.contains("expected Int"))
        // The kind found, never the value: it stays in the underlying error.
        #expect(context.debugDescription.contains("found string"))
        #expect(!context.debugDescription.contains("12345x"))
        let underlying = try #require(context.underlyingError as? FastMapError)
        #expect(underlying.foundSnippet == #""12345x""#)
        #expect(underlying.kind == .typeMismatch)
        #expect(underlying.pathDescription == "$.customer.address.zip")
        #expect(underlying.expectedType == "Int")
        #expect(underlying.foundKind == .string)
        #expect(underlying.foundSnippet == "\"12345x\"")
    }

    @Test(arguments: [false, true]) func indexInPathIsReported(fast: Bool) throws {
        let text = Self.valid.replacingOccurrences(of: #"{"quantity": 2}"#, with: #"{"quantity": [2]}"#)
        let (_, context) = try failure(fast: fast, text)
        #expect(
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue } == ["lines", "[1]", "quantity"])
        let underlying = try #require(context.underlyingError as? FastMapError)
        #expect(underlying.pathDescription == "$.lines[1].quantity")
        #expect(underlying.foundKind == .array)
        #expect(context.debugDescription.contains("Order.secondQuantity"))
        #expect(context.debugDescription.contains("\"lines[1].quantity\""))
    }

    @Test(arguments: [false, true]) func missingAndNullAreNamed(fast: Bool) throws {
        let missing = Self.valid.replacingOccurrences(of: #""sku": "a", "#, with: "")
        let (error, context) = try failure(fast: fast, missing)
        guard case .keyNotFound(let key, _) = error else { Issue.record("\(error)"); return }
        #expect(key.stringValue == "sku")
        #expect(context.debugDescription.contains("OrderItem.sku"))
        #expect(context.debugDescription.contains("the key is missing"))
        #expect((context.underlyingError as? FastMapError)?.pathDescription == "$.items[0].sku")

        let null = Self.valid.replacingOccurrences(of: #""sku": "a""#, with: #""sku": null"#)
        let (nullError, nullContext) = try failure(fast: fast, null)
        guard case .valueNotFound = nullError else { Issue.record("\(nullError)"); return }
        #expect(nullContext.debugDescription.contains("found null"))
    }

    @Test(arguments: [false, true]) func failureInsideANestedModelKeepsItsOwnDescription(fast: Bool) throws {
        let text = Self.valid.replacingOccurrences(of: #""quantity": 1}]"#, with: #""quantity": -3}]"#)
        let (error, context) = try failure(fast: fast, text)
        guard case .dataCorrupted = error else { Issue.record("\(error)"); return }
        #expect(
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["items", "0", "quantity"])
        #expect(context.debugDescription.hasPrefix("Order.items"))
        #expect(context.debugDescription.contains("OrderItem.quantity"))
        #expect(context.debugDescription.contains("validation failed"))
        #expect(!context.debugDescription.contains("-3"))
    }
}
