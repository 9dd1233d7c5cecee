import FastMapKeyPathGrammar

/// One step of a `@Key` path: the grammar's step, shared with `JSONKeyPath`.
typealias PathStep = KeyPathStep

/// `@Key` text, read and printed by the one key-path grammar `JSONKeyPath` uses.
typealias KeyPathSpelling = KeyPathGrammar
