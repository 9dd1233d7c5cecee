// expect: cannot find type 'JSONDateFormat' in scope
import FastMap

let format: JSONDateFormat = .iso8601
