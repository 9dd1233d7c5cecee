import Foundation

/// The keyed container of a `JSONCodable` model with transformers. Keys are the model's
/// property keys; a key with a transformer is looked up through it on the tree (key paths,
/// defaults, maps, dates), any other key goes to the plain container.
struct TransformingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let plain: JSONKeyedContainer<Key>
    let plan: TransformerPlan

    var decoder: JSONTreeDecoder { plain.decoder }
    var object: JSONNode { plain.object }
    var path: CodingPathReference { plain.path }
    var codingPath: [any CodingKey] { plain.codingPath }

    var allKeys: [Key] {
        var keys = plain.allKeys
        var names = Set(keys.map(\.stringValue))
        for (name, rule) in plan.rules.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
            guard let key = Key(stringValue: name), !resolve(rule, key).isMissing else { continue }
            keys.append(key)
            names.insert(name)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        guard let rule = plan.rule(for: key.stringValue) else { return plain.contains(key) }
        return !resolve(rule, key).isMissing
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let rule = plan.rule(for: key.stringValue) else {
            return try annotating(key, source: nil) { try plain.decodeNil(forKey: key) }
        }
        switch resolve(rule, key) {
        case .missing: throw missingValue(rule, key)
        case .node(let node, _): return node.isNull
        case .value(let json): return json.isNull
        case .failure(let message): throw invalidDefault(message, key)
        case .mapped, .date, .badDate: return false
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) { try decoder.readBool($0, at: path, .key(key)) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) { try decoder.readString($0, at: path, .key(key)) }
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try float(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try float(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) {
            try decoder.unwrap($0, as: type, at: path, .key(key))
        }
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) {
            try decoder.readInteger($0, type, at: path, .key(key))
        }
    }

    @inline(__always)
    private func float<T: BinaryFloatingPoint & Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) {
            try decoder.readFloat($0, type, at: path, .key(key))
        }
    }

    /// One property: keys without a transformer go to the plain container (`plainRead`), values
    /// found in the document are read with `read` (the reader of the requested type, without
    /// going through `T.init(from:)`), and converted values go the generic way.
    @inline(__always)
    private func scalar<T: Decodable>(
        _ type: T.Type, _ key: Key, _ plainRead: (JSONKeyedContainer<Key>) throws -> T, read: (JSONNode) throws -> T
    ) throws -> T {
        guard let rule = plan.rule(for: key.stringValue) else {
            do {
                return try plainRead(plain)
            } catch let error as DecodingError {
                throw annotate(error, key, source: nil)
            }
        }
        let slot = resolve(rule, key)
        if case .node(let node, let source) = slot {
            do {
                return try read(node)
            } catch let error as DecodingError {
                throw annotate(error, key, source: source)
            }
        }
        return try decodeConverted(type, slot, rule, key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.readBool($0, at: path, .key(key))
        }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.readString($0, at: path, .key(key))
        }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try floatIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try floatIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.unwrap($0, as: type, at: path, .key(key))
        }
    }

    @inline(__always)
    private func integerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.readInteger($0, type, at: path, .key(key))
        }
    }

    @inline(__always)
    private func floatIfPresent<T: BinaryFloatingPoint & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.readFloat($0, type, at: path, .key(key))
        }
    }

    /// ``scalar(_:_:_:read:)`` for `decodeIfPresent`: nil when missing or null.
    @inline(__always)
    private func scalarIfPresent<T: Decodable>(
        _ type: T.Type, _ key: Key, _ plainRead: (JSONKeyedContainer<Key>) throws -> T?, read: (JSONNode) throws -> T
    ) throws -> T? {
        guard let rule = plan.rule(for: key.stringValue) else {
            do {
                return try plainRead(plain)
            } catch let error as DecodingError {
                throw annotate(error, key, source: nil)
            }
        }
        let slot = resolve(rule, key)
        switch slot {
        case .missing:
            return nil
        case .node(let node, let source):
            if node.isNull { return nil }
            do {
                return try read(node)
            } catch let error as DecodingError {
                throw annotate(error, key, source: source)
            }
        case .value(let json) where json.isNull:
            return nil
        default:
            return try decodeConverted(type, slot, rule, key)
        }
    }

    // MARK: Nested containers

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        guard let rule = plan.rule(for: key.stringValue) else {
            return try annotating(key, source: nil) { try plain.nestedContainer(keyedBy: type, forKey: key) }
        }
        let (tree, node, source) = try treeValue(resolve(rule, key), rule, key)
        return try annotating(key, source: source) {
            try tree.container(keyedBy: type, node: node, at: tree === decoder ? path : tree.currentPath, .key(key))
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let rule = plan.rule(for: key.stringValue) else {
            return try annotating(key, source: nil) { try plain.nestedUnkeyedContainer(forKey: key) }
        }
        let (tree, node, source) = try treeValue(resolve(rule, key), rule, key)
        return try annotating(key, source: source) {
            try tree.unkeyedContainer(node: node, at: tree === decoder ? path : tree.currentPath, .key(key))
        }
    }

    func superDecoder() throws -> any Decoder {
        try plain.superDecoder()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let rule = plan.rule(for: key.stringValue) else { return try plain.superDecoder(forKey: key) }
        let slot = resolve(rule, key)
        if case .missing = slot { return try plain.superDecoder(forKey: key) }
        let (tree, node, _) = try treeValue(slot, rule, key)
        let position = tree === decoder ? path : tree.currentPath
        return JSONTreeDecoder(sharing: tree, node: node, path: tree.components(position, .key(key)))
    }
}

// MARK: Resolving a property through its transformer

/// The value a property decodes from, once its transformer's steps ran.
enum TransformedValue {
    case missing
    /// A node of the document, found at `source` (relative to the model's object; nil when it is
    /// the property's own key).
    case node(JSONNode, source: [JSONKeyPath.Component]?)
    /// A default value, in a document of its own.
    case value(JSON)
    /// What a `Map` closure returned.
    case mapped(Any)
    case date(Date)
    /// A value a date transformer could not read.
    case badDate(DateCoding, JSON, source: [JSONKeyPath.Component]?)
    /// A default value that has no JSON form.
    case failure(String)

    var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }
}

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
    private func decodeConverted<T: Decodable>(
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
        if T.self == Bool.self, let value = json.bool { return (value as! T) }
        if T.self == String.self, let value = json.string { return (value as! T) }
        if T.self == Int.self, json.node.isInteger, let value = json.int { return (value as! T) }
        if T.self == Double.self, json.node.isReal || json.node.isInteger, let value = json.double {
            return (value as! T)
        }
        let detached = JSONTreeDecoder(root: json, options: decoder.options, input: nil)
        detached.path = CodingPathStack(decoder.components(path, nil))
        return try annotating(key, source: nil) {
            try detached.unwrap(json.node, as: type, at: detached.currentPath, .key(key))
        }
    }

    /// The tree decoder and node a nested container reads for a resolved value.
    private func treeValue(
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

extension JSONNode {
    /// The node at `components` below this one, without errors: nil when a step is missing.
    @inline(__always)
    func descendant(at components: [JSONKeyPath.Component]) -> JSONNode? {
        var current = self
        for component in components {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return current
    }
}
