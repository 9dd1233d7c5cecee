// expect: cannot find operator '<-' in scope
import FastMap

let rule = "a" <- "b"
