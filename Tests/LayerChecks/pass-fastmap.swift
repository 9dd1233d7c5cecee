// `import FastMap` alone: the value, key paths, the coders, hand mapping and errors.
import FastMap
import Foundation

struct User: Codable { let id: Int }
let json: JSON = ["user": ["id": 1]]
let path: JSONKeyPath = "user.id"
let id: Int? = try? json => "user.id"
let user = try? FastJSONDecoder().decode(User.self, from: Data(#"{"id":1}"#.utf8))
let bytes = try? FastJSONEncoder().encode(user)
let error: FastMapError? = nil
