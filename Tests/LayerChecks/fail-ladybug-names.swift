// expect: cannot find type 'PropertyKey' in scope
import FastMap

let key: PropertyKey = "a"
