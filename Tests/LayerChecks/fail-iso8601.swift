// expect: cannot find 'iso8601' in scope
import FastMap

let transformer = iso8601
