// expect: cannot find type 'JSONNode' in scope
// Package-level core types stay out of a client's sight.
import FastMap

let node: JSONNode? = nil
