// `import FastMapModels` shows the model runtime and, through it, FastMap's API.
import FastMapModels

let format: JSONDateFormat = .iso8601
let decoder = FastJSONDecoder()
let json: JSON = ["a": 1]
