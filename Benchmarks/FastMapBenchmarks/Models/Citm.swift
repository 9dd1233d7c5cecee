/// The shape of citm_catalog.json: objects keyed by numeric strings, many integers.
struct CitmCatalog: Codable, Equatable {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: CitmEvent]
    var performances: [CitmPerformance]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]
}

struct CitmEvent: Codable, Equatable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
}

struct CitmPerformance: Codable, Equatable {
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: [CitmPrice]
    var seatCategories: [CitmSeatCategory]
    var seatMapImage: String?
    var start: Int
    var venueCode: String
}

struct CitmPrice: Codable, Equatable {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
}

struct CitmSeatCategory: Codable, Equatable {
    var areas: [CitmArea]
    var seatCategoryId: Int
}

struct CitmArea: Codable, Equatable {
    var areaId: Int
    var blockIds: [Int]
}
