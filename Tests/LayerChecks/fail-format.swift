// expect: cannot find 'format' in scope
import FastMap

let transformer = format("yyyy-MM-dd")
