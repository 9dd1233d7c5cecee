import Foundation

/// One thing a transformer does to a property's value, read straight from the parsed tree.
/// A property's steps run in order, like Ladybug's dictionary rewrites, on a "slot": the value
/// the property will decode from, which starts as the value under the property's own key.
enum TransformStep: Sendable {
    /// The value at this path (relative to the model's object) replaces the slot, if present.
    case keyPath([JSONKeyPath.Component])
    /// The default replaces a missing slot (or any slot, with `override`).
    case fallback(DefaultValue, override: Bool)
    /// The closure's result, when not nil, replaces the slot. It reads the value at `keyPath`,
    /// or the slot when there is none.
    case map(keyPath: [JSONKeyPath.Component]?, transform: any ErasedMap)
    /// The slot is read as a date.
    case date(DateCoding)
    /// A transformer FastMap does not know: it rewrites the object as a dictionary first.
    case custom(any JSONTransformer)
}

/// The transformers FastMap reads on the tree, each described by its steps.
protocol TreeTransformer {
    var steps: [TransformStep] { get }
}

extension JSONKeyPath: TreeTransformer {
    var steps: [TransformStep] { [.keyPath(components)] }
}

extension String: TreeTransformer {
    var steps: [TransformStep] { [.keyPath(JSONKeyPath.parse(self))] }
}

extension Default: TreeTransformer {
    var steps: [TransformStep] { [.fallback(value, override: override)] }
}

/// A ``Map`` without its result type.
protocol ErasedMap: Sendable {
    func apply(_ input: Any?) -> Any?
}

extension Map: TreeTransformer, ErasedMap {
    var steps: [TransformStep] { [.map(keyPath: keyPath?.components, transform: self)] }

    func apply(_ input: Any?) -> Any? {
        guard let mapped = map(input) else { return nil }
        return mapped
    }
}

extension NestedObjectTransformer: TreeTransformer {
    var steps: [TransformStep] { keyPath.map { [.keyPath($0.components)] } ?? [] }
}

extension NestedListTransformer: TreeTransformer {
    var steps: [TransformStep] { keyPath.map { [.keyPath($0.components)] } ?? [] }
}

extension DateTransformer: TreeTransformer {
    var steps: [TransformStep] { [.date(coding)] }
}

extension CompositeTransformer: TreeTransformer {
    var steps: [TransformStep] {
        parts.flatMap { part in (part as? any TreeTransformer)?.steps ?? [.custom(part)] }
    }
}

/// What one property's transformer compiles to. A class: the decoder fetches one per property
/// decoded, and a reference costs one retain where a struct of arrays would cost several.
final class PropertyRule {
    let steps: [TransformStep]
    /// Set when the transformer is a single key path, the common case, read without the loop.
    let directPath: [JSONKeyPath.Component]?
    /// Where `toData()` writes the property: the last key path of the steps, or its own key.
    let encodingPath: [JSONKeyPath.Component]
    /// How `toData()` writes a `Date` property: the last date transformer, if any.
    let dateCoding: DateCoding?
    /// `Map` and date adapters only decode: the property is written only where nothing else is.
    let decodeOnly: Bool
    /// The transformer as written, for the dictionary path.
    let transformer: any JSONTransformer
    let needsDictionary: Bool

    init(propertyKey: PropertyKey, transformer: any JSONTransformer) {
        let steps = (transformer as? any TreeTransformer)?.steps ?? [.custom(transformer)]
        self.steps = steps
        self.transformer = transformer
        var directPath: [JSONKeyPath.Component]? = nil
        if steps.count == 1, case .keyPath(let components) = steps[0] { directPath = components }
        self.directPath = directPath
        var encodingPath: [JSONKeyPath.Component] = [.key(propertyKey)]
        var dateCoding: DateCoding? = nil
        var decodeOnly = false
        var needsDictionary = false
        for step in steps {
            switch step {
            case .keyPath(let components) where !components.isEmpty:
                encodingPath = components
            case .map(let keyPath, _):
                decodeOnly = true
                if let keyPath, !keyPath.isEmpty { encodingPath = keyPath }
            case .date(let coding):
                dateCoding = coding
                if case .adapter = coding { decodeOnly = true }
            case .custom:
                needsDictionary = true
            case .keyPath, .fallback:
                break
            }
        }
        self.encodingPath = encodingPath
        self.dateCoding = dateCoding
        self.decodeOnly = decodeOnly
        self.needsDictionary = needsDictionary
    }

    /// The places a missing value was looked for, most important first, for error messages.
    func lookedAt(propertyKey: PropertyKey) -> [[JSONKeyPath.Component]] {
        var paths: [[JSONKeyPath.Component]] = []
        for step in steps.reversed() {
            if case .keyPath(let components) = step, !paths.contains(components) { paths.append(components) }
        }
        let own: [JSONKeyPath.Component] = [.key(propertyKey)]
        if !paths.contains(own) { paths.append(own) }
        return paths
    }
}

/// A model's transformers, compiled once per decode or encode call.
final class TransformerPlan {
    let modelName: String
    let rules: [String: PropertyRule]
    /// The properties whose transformers rewrite dictionaries (see ``TransformStep/custom``).
    let dictionaryRules: [(propertyKey: PropertyKey, transformer: any JSONTransformer)]

    init(model: Any.Type, transformers: [PropertyKey: any JSONTransformer]) {
        self.modelName = String(describing: model)
        var rules: [String: PropertyRule] = [:]
        var dictionaryRules: [(propertyKey: PropertyKey, transformer: any JSONTransformer)] = []
        for (propertyKey, transformer) in transformers {
            let rule = PropertyRule(propertyKey: propertyKey, transformer: transformer)
            // A marker without a key path changes nothing: the property stays a plain one.
            guard !rule.steps.isEmpty else { continue }
            rules[propertyKey] = rule
            if rule.needsDictionary { dictionaryRules.append((propertyKey, transformer)) }
        }
        self.rules = rules
        self.dictionaryRules = dictionaryRules.sorted { $0.propertyKey < $1.propertyKey }
    }

    private init(modelName: String, rules: [String: PropertyRule]) {
        self.modelName = modelName
        self.rules = rules
        self.dictionaryRules = []
    }

    var isEmpty: Bool { rules.isEmpty }

    /// The rule of `propertyKey`, if it has a transformer.
    ///
    /// A model's `init(from:)` asks for its properties in the same order for every object, with
    /// the same key strings, so the answers are replayed from a short memo in that order: most
    /// lookups are one string identity check instead of hashing the key.
    @inline(__always)
    func rule(for propertyKey: String) -> PropertyRule? {
        guard !rules.isEmpty else { return nil }
        if let rule = memo.next(propertyKey) { return rule }
        return memo.lookUp(propertyKey, in: rules)
    }

    private let memo = RuleMemo()

    /// The plan for an object whose dictionary transformers already ran: those properties now
    /// sit under their own keys.
    private(set) lazy var afterDictionaryRewrite = TransformerPlan(
        modelName: modelName, rules: rules.filter { !$0.value.needsDictionary })
}

/// The compiled plans of one decode or encode call, and the date formatters it borrowed.
/// Transformers are read once per call and type (`transformersByPropertyKey` may be computed).
final class TransformerPlans {
    private var plans: [ObjectIdentifier: TransformerPlan] = [:]
    private var lastType: ObjectIdentifier?
    private var lastPlan: TransformerPlan?
    let formatters = DateFormatterLease()

    func plan(for model: any JSONCodable.Type) -> TransformerPlan {
        let id = ObjectIdentifier(model)
        if id == lastType, let lastPlan { return lastPlan }
        let plan: TransformerPlan
        if let known = plans[id] {
            plan = known
        } else {
            plan = TransformerPlan(model: model, transformers: model.transformersByPropertyKey)
            plans[id] = plan
        }
        lastType = id
        lastPlan = plan
        return plan
    }

    /// The plan of `type` when it is a ``JSONCodable`` model with transformers.
    func plan<T>(ifModel type: T.Type) -> TransformerPlan? {
        guard let plan = plan(ifJSONCodable: type) else { return nil }
        return plan.isEmpty ? nil : plan
    }

    private var checked: [ObjectIdentifier: TransformerPlan?] = [:]
    #if DEBUG
        /// The last type asked about and its answer, its exclusive access checked at run time
        /// in debug builds only, like ``RuleMemo``'s state (and for the same reasons).
        private var lastChecked: (type: ObjectIdentifier?, plan: TransformerPlan?) = (nil, nil)
    #else
        @exclusivity(unchecked) private var lastChecked: (type: ObjectIdentifier?, plan: TransformerPlan?) = (nil, nil)
    #endif

    /// The plan of `type` when it is a ``JSONCodable`` model (possibly without transformers).
    /// The decoder asks for every object and array it meets, so answers are remembered rather
    /// than asking the runtime for the conformance each time.
    @inline(__always)
    func plan<T>(ifJSONCodable type: T.Type) -> TransformerPlan? {
        let id = ObjectIdentifier(type)
        if id == lastChecked.type { return lastChecked.plan }
        return check(id, type)
    }

    private func check<T>(_ id: ObjectIdentifier, _ type: T.Type) -> TransformerPlan? {
        let plan: TransformerPlan?
        if let known = checked[id] {
            plan = known
        } else {
            plan = (type as? any JSONCodable.Type).map { self.plan(for: $0) }
            checked[id] = plan
        }
        lastChecked = (id, plan)
        return plan
    }

    func finish() {
        formatters.giveBack()
    }
}

/// The memo of ``TransformerPlan/rule(for:)``: up to 64 answers in the order they were asked.
///
/// Its state changes on every property decoded, so release builds opt it out of dynamic
/// exclusivity checks (`@exclusivity(unchecked)`, as `JSONTreeDecoder`'s hot fields do), which
/// would otherwise cost a runtime call on each access; debug builds, which the tests run, keep
/// them. That is sound because only the thread running the call that owns the plan uses it, and
/// no access overlaps another: each method reads or writes a field and calls nothing that could
/// reach the memo meanwhile.
final class RuleMemo {
    private typealias Entry = (key: String, rule: PropertyRule?)
    private static let capacity = 64
    #if DEBUG
        /// The answers, in the order they were first asked for.
        private var entries: [Entry] = []
        /// The entry expected next.
        private var cursor = 0
    #else
        @exclusivity(unchecked) private var entries: [Entry] = []
        @exclusivity(unchecked) private var cursor = 0
    #endif

    init() {
        entries.reserveCapacity(Self.capacity)
    }

    /// The answer for `key` if it is the one expected next: `.some(rule)`, where `rule` itself
    /// is nil for a property without transformer; nil when the memo cannot tell.
    @inline(__always)
    func next(_ key: String) -> PropertyRule?? {
        let cursor = self.cursor
        guard cursor < entries.count, entries[cursor].key == key else { return nil }
        self.cursor = cursor + 1
        return .some(entries[cursor].rule)
    }

    func lookUp(_ key: String, in rules: [String: PropertyRule]) -> PropertyRule? {
        let count = entries.count
        for index in 0..<count where entries[index].key == key {
            cursor = index + 1
            return entries[index].rule
        }
        let rule = rules[key]
        if count < Self.capacity {
            entries.append((key, rule))
            cursor = count + 1
        } else {
            cursor = 0
        }
        return rule
    }
}
