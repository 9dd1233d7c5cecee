@_spi(FastMapCore) import FastMapCore
import Foundation

// MARK: Resolving a property through its transformer

extension TransformingKeyedContainer {
    func resolve(_ rule: PropertyRule, _ key: Key) -> TransformedValue {
        if let direct = rule.directPath {
            if let node = object.descendant(at: direct) { return .node(node, source: direct) }
            return ownValue(key)
        }
        var slot: TransformedValue? = nil
        for step in rule.steps {
            switch step {
            case .keyPath(let components):
                if let node = object.descendant(at: components) { slot = .node(node, source: components) }
            case .fallback(let value, let override):
                if override || current(&slot, key).isMissing {
                    switch value.resolved {
                    case .success(let json): slot = .value(json)
                    case .failure(let error): slot = .failure(error.message)
                    }
                }
            case .map(let keyPath, let transform):
                let input: Any?
                if let keyPath {
                    input = object.descendant(at: keyPath).map { decoder.json($0).foundationObject }
                } else {
                    input = foundationValue(current(&slot, key))
                }
                if let mapped = transform.apply(input) { slot = .mapped(mapped) }
            case .date(let coding):
                slot = readDate(current(&slot, key), coding)
            case .custom:
                // Already applied to the object (see `decodeRewritten`).
                break
            }
        }
        return current(&slot, key)
    }

    /// The slot before any step changed it: the value under the property's own key.
    @inline(__always)
    private func current(_ slot: inout TransformedValue?, _ key: Key) -> TransformedValue {
        if let slot { return slot }
        let own = ownValue(key)
        slot = own
        return own
    }

    private func ownValue(_ key: Key) -> TransformedValue {
        guard let node = object.member(matching: key.stringValue) else { return .missing }
        return .node(node, source: nil)
    }

    private func readDate(_ slot: TransformedValue, _ coding: DateCoding) -> TransformedValue {
        let formatters = (decoder.options.hook as? JSONCodableDecoding)?.plans.formatters ?? DateFormatterLease()
        if case .adapter(let adapter) = coding {
            guard let date = adapter(foundationValue(slot)) else { return slot }
            return .date(date)
        }
        switch slot {
        case .node(let node, let source):
            guard !node.isNull else { return slot }
            let json = decoder.json(node)
            guard let date = coding.date(from: json, formatters: formatters) else {
                return .badDate(coding, json, source: source)
            }
            return .date(date)
        case .value(let json):
            guard !json.isNull else { return slot }
            guard let date = coding.date(from: json, formatters: formatters) else {
                return .badDate(coding, json, source: nil)
            }
            return .date(date)
        case .mapped(let value):
            return coding.date(fromFoundation: value, formatters: formatters).map { .date($0) } ?? slot
        case .missing, .date, .badDate, .failure:
            return slot
        }
    }

    /// The slot as `JSONSerialization` would show it, which is what `Map` and date adapters get.
    private func foundationValue(_ slot: TransformedValue) -> Any? {
        switch slot {
        case .missing, .failure: return nil
        case .node(let node, _): return decoder.json(node).foundationObject
        case .value(let json), .badDate(_, let json, _): return json.foundationObject
        case .mapped(let value): return value
        case .date(let date):
            // Ladybug hands a converted date on as whole milliseconds.
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.towardZero)
            return Int(exactly: milliseconds) ?? milliseconds
        }
    }

    /// The values that are not nodes of the document. Kept apart from the common case, which
    /// then needs no `Optional<T>` metadata (fetched from the runtime at each call).
    @inline(never)
    func decodeConverted<T: Decodable>(
        _ type: T.Type, _ slot: TransformedValue, _ rule: PropertyRule, _ key: Key
    ) throws -> T {
        switch slot {
        case .node(let node, let source):
            do {
                return try decoder.unwrap(node, as: type, at: path, .key(key))
            } catch let error as DecodingError {
                throw annotate(error, key, source: source)
            }
        case .missing:
            throw missingValue(rule, key)
        case .value(let json):
            return try decodeDetached(json, as: type, key)
        case .mapped(let value):
            if let value = value as? T { return value }
            guard let encodable = value as? any Encodable, let json = try? LadybugEncoding.encodeToJSON(encodable)
            else { throw mappedMismatch(value, expected: type, key) }
            return try decodeDetached(json, as: type, key)
        case .date(let date):
            if let date = date as? T { return date }
            return try decodeDetached(try JSON(date.timeIntervalSince1970 * 1000), as: type, key)
        case .badDate(let coding, let json, let source):
            throw badDate(coding, json, source: source, key)
        case .failure(let message):
            throw invalidDefault(message, key)
        }
    }

    /// Decodes a value that is not part of the document (a default, a converted value) with a
    /// tree decoder of its own, at the property's coding path. Defaults are mostly plain
    /// scalars of the property's type: those are read directly.
    private func decodeDetached<T: Decodable>(_ json: JSON, as type: T.Type, _ key: Key) throws -> T {
        if T.self == Bool.self, let value = json.bool { return identityCast(value, to: T.self) }
        if T.self == String.self, let value = json.string { return identityCast(value, to: T.self) }
        if T.self == Int.self, json.node.isInteger, let value = json.int { return identityCast(value, to: T.self) }
        if T.self == Double.self, json.node.isReal || json.node.isInteger, let value = json.double {
            return identityCast(value, to: T.self)
        }
        let detached = JSONTreeDecoder(root: json, options: decoder.options, input: nil)
        detached.path = CodingPathStack(decoder.components(path, nil))
        return try annotating(key, source: nil) {
            try detached.unwrap(json.node, as: type, at: detached.currentPath, .key(key))
        }
    }

    /// The tree decoder and node a nested container reads for a resolved value.
    func treeValue(
        _ slot: TransformedValue, _ rule: PropertyRule, _ key: Key
    ) throws -> (JSONTreeDecoder, JSONNode, [JSONKeyPath.Component]?) {
        let json: JSON
        switch slot {
        case .node(let node, let source): return (decoder, node, source)
        case .missing: throw missingValue(rule, key)
        case .value(let value): json = value
        case .mapped(let value):
            guard let encodable = value as? any Encodable, let encoded = try? LadybugEncoding.encodeToJSON(encodable)
            else { throw mappedMismatch(value, expected: [String: Any].self, key) }
            json = encoded
        case .date(let date): json = try JSON(date.timeIntervalSince1970 * 1000)
        case .badDate(let coding, let value, let source): throw badDate(coding, value, source: source, key)
        case .failure(let message): throw invalidDefault(message, key)
        }
        let detached = JSONTreeDecoder(root: json, options: decoder.options, input: nil)
        detached.path = CodingPathStack(decoder.components(path, nil))
        return (detached, json.node, nil)
    }
}
