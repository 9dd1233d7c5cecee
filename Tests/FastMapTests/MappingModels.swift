import FastMap
import Foundation

// Hand-mapped models for the mapping tests, in the two styles the API ports: Anviking's
// operators and matthewcheok's `decode(_:)` with paths and transformers.

// MARK: - Operator style

struct Owner: JSONMappable, Equatable {
    let id: Int
    let login: String

    init(id: Int, login: String) {
        self.id = id
        self.login = login
    }

    init(json: JSON) throws {
        id = try json => "id"
        login = try json => "login"
    }
}

struct Repository: JSONMappable {
    let id: Int
    let name: String
    let description: String
    let stargazersCount: Int
    let language: String?
    let sometimesMissingKey: String?
    let owner: Owner
    let defaultBranch: String
    let topics: [String]
    let createdAt: Date
    let homepage: URL?

    init(json: JSON) throws {
        id = try json => "id"
        name = try json => "name"
        description = try json => "description"
        stargazersCount = try json => "stargazers_count"
        language = try json => "language"
        sometimesMissingKey = try json =>? "sometimesMissingKey"
        owner = try json => "owner"
        defaultBranch = try json => "default_branch"
        topics = try json => "topics"
        createdAt = try json => "created_at"
        homepage = try json =>? "homepage"
    }
}

struct PaintColor: JSONMappable {
    let name: String
    init(json: JSON) throws { name = try json => "name" }
}

struct Apple: JSONMappable {
    let id: Int
    let color: PaintColor?
    init(json: JSON) throws {
        id = try json => "id"
        color = try json => "color"
    }
}

struct AppleTree: JSONMappable {
    let apples: [Apple]
    init(json: JSON) throws { apples = try json => "apples" }
}

/// The same shape decoded by synthesized `Codable`, to compare paths with hand-mapped models.
struct CodableAppleTree: Decodable {
    struct Apple: Decodable {
        struct Color: Decodable { let name: String }
        let id: Int
        let color: Color?
    }
    let apples: [Apple]
}

enum CMYKColor: String, Decodable {
    case cyan = "Cyan"
    case magenta = "Magenta"
    case yellow = "Yellow"
    case black = "Black"
}

enum Priority: Int, Decodable {
    case low = 1
    case high = 2
}

protocol Vehicle {
    var driverless: Bool { get }
}

struct Car: Vehicle, JSONMappable {
    let driverless: Bool
    init(json: JSON) throws { driverless = try json => "driverless" }
}

struct Train: Vehicle, JSONMappable {
    let driverless: Bool
    let electric: Bool
    init(json: JSON) throws {
        driverless = try json => "driverless"
        electric = try json => "electric"
    }
}

struct Truck: Vehicle, JSONMappable {
    let driverless: Bool
    let wheels: UInt8
    init(json: JSON) throws {
        driverless = try json => "driverless"
        wheels = try json => "wheels"
    }
}

/// Decodes only when `kind` says "counter", to tell the candidates of `decodeAsOneOf` apart by
/// content rather than shape.
struct Counter: JSONMappable, Equatable {
    let count: Int
    init(json: JSON) throws {
        let kind: String = try json => "kind"
        guard kind == "counter" else {
            throw FastMapError(kind: .invalidValue, message: "not a counter: \(kind)", path: [.key("kind")])
        }
        count = try json => "count"
    }
}

/// An inner value for the null / missing / mismatch / sub-object table.
struct Inner: JSONMappable, Equatable {
    let count: Int
    init(count: Int) { self.count = count }
    init(json: JSON) throws { count = try json => "count" }
}

// MARK: - Manual (`decode(_:)`) style

struct Company: JSONMappable, Equatable {
    let name: String
    let address: String?

    init(name: String, address: String?) {
        self.name = name
        self.address = address
    }

    init(json: JSON) throws {
        name = try json.decode("name")
        address = try json.decode("address")
    }

    func toJSON() throws -> JSON {
        try JSON.build { builder in
            try builder.encode(name, key: "name")
            try builder.encode(address, key: "address")
        }
    }
}

struct User: JSONMappable, Equatable {
    let id: Int
    let likes: Int?
    let name: String
    let email: String?
    let company: Company?
    let friends: [User]
    let friendsLookup: [String: User]?

    init(
        id: Int, likes: Int? = nil, name: String, email: String? = nil, company: Company? = nil,
        friends: [User] = [], friendsLookup: [String: User]? = nil
    ) {
        self.id = id
        self.likes = likes
        self.name = name
        self.email = email
        self.company = company
        self.friends = friends
        self.friendsLookup = friendsLookup
    }

    init(json: JSON) throws {
        id = try json.decode("id")
        likes = try json.decode("properties[0].likes")
        name = try json.decode("full_name")
        email = try json.decode("email")
        company = try json.decode("company")
        friends = try json.decode("friends")
        friendsLookup = try json.decode("friendsLookup")
    }

    func toJSON() throws -> JSON {
        try JSON.build { builder in
            try builder.encode(id, key: "id")
            try builder.encode(likes, key: "properties[0].likes")
            try builder.encode(name, key: "full_name")
            try builder.encode(email, key: "email")
            try builder.encode(company?.toJSON(), key: "company")
            try builder.encode(friends.map { try $0.toJSON() }, key: "friends")
            try builder.encode(friendsLookup?.mapValues { try $0.toJSON() }, key: "friendsLookup")
        }
    }
}

struct ImageAsset: JSONMappable, Equatable {
    let name: String
    let uri: URL?

    init(name: String, uri: URL?) {
        self.name = name
        self.uri = uri
    }

    init(json: JSON) throws {
        name = try json.decode("name")
        uri = try json.decode("uri", transformer: .stringToURL)
    }
}

struct NestItem: JSONMappable {
    let areas: [[Double]]
    let places: [[String]]?
    let business: [[Company]]
    let assets: [[ImageAsset]]?

    init(json: JSON) throws {
        areas = try json.decode("areas")
        places = try json.decode("places")
        business = try json.decode("business")
        assets = try json.decode("assets")
    }
}

enum FruitColor: String, Codable {
    case red = "Red"
    case blue = "Blue"
}

struct Fruit: JSONMappable, Equatable {
    let name: String
    let color: FruitColor
    init(name: String, color: FruitColor) {
        self.name = name
        self.color = color
    }
    init(json: JSON) throws {
        name = try json.decode("name")
        color = try json.decode("color")
    }
}

enum Cuisine: String, Codable {
    case mexican = "Mexican"
    case italian = "Italian"
    case japanese = "Japanese"
}

struct Food: JSONMappable, Equatable {
    let name: String
    let cuisines: [Cuisine]
    init(name: String, cuisines: [Cuisine]) {
        self.name = name
        self.cuisines = cuisines
    }
    init(json: JSON) throws {
        name = try json.decode("name")
        cuisines = try json.decode("cuisines")
    }
}

struct PropertyItem: JSONMappable, Equatable {
    let name: String
    let long: Double
    let lat: Double
    let rel: String
    let type: String

    init(name: String, long: Double, lat: Double, rel: String, type: String) {
        self.name = name
        self.long = long
        self.lat = lat
        self.rel = rel
        self.type = type
    }

    init(json: JSON) throws {
        rel = try json.decode("rel")
        type = try json.decode("class")
        name = try json.decode("properties.name")
        long = try json.decode("properties.location.coord.long")
        lat = try json.decode("properties.location.coord.lat")
    }

    func toJSON() throws -> JSON {
        try JSON.build { builder in
            try builder.encode(rel, key: "rel")
            try builder.encode(type, key: "class")
            try builder.encode(name, key: "properties.name")
            try builder.encode(long, key: "properties.location.coord.long")
            try builder.encode(lat, key: "properties.location.coord.lat")
        }
    }
}

/// A top-level array read by position: `"[0]"` and `"[1].ID"`.
struct MessageComplex: JSONMappable {
    let first: JSON
    let nestedID: Int
    init(json: JSON) throws {
        first = try json.decode("[0]")
        nestedID = try json.decode("[1].ID")
    }
}

/// Synthesized Codable and `JSONMappable` in one type: the protocol's `init(from:)` must be the
/// one used (it reads `label` from `name`, which synthesis would not).
struct Renamed: JSONMappable, Equatable {
    let label: String
    init(json: JSON) throws { label = try json => "name" }
}
