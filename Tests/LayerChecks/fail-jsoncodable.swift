// expect: cannot find type 'JSONCodable' in scope
import FastMap

struct Post: JSONCodable {}
