import Foundation

/// The shape of twitter.json (search API results): string-heavy, lots of non-ASCII text.
struct TwitterSearch: Codable, Equatable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

struct SearchMetadata: Codable, Equatable {
    var completedIn: Double
    var maxID: UInt64
    var query: String
    var count: Int

    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in", maxID = "max_id", query, count
    }
}

struct Status: Codable, Equatable {
    var metadata: StatusMetadata
    var createdAt: String
    var id: UInt64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusID: UInt64?
    var inReplyToUserID: UInt64?
    var inReplyToScreenName: String?
    var user: User
    var retweetCount: Int
    var favoriteCount: Int
    var entities: Entities
    var favorited: Bool
    var retweeted: Bool
    var lang: String

    enum CodingKeys: String, CodingKey {
        case metadata, id, text, source, truncated, user, entities, favorited, retweeted, lang
        case createdAt = "created_at", idStr = "id_str", inReplyToStatusID = "in_reply_to_status_id"
        case inReplyToUserID = "in_reply_to_user_id", inReplyToScreenName = "in_reply_to_screen_name"
        case retweetCount = "retweet_count", favoriteCount = "favorite_count"
    }
}

struct StatusMetadata: Codable, Equatable {
    var resultType: String
    var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type", isoLanguageCode = "iso_language_code"
    }
}

struct User: Codable, Equatable {
    var id: UInt64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: String
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var profileImageURL: String

    enum CodingKeys: String, CodingKey {
        case id, name, location, description, url, protected, verified, lang
        case idStr = "id_str", screenName = "screen_name", followersCount = "followers_count"
        case friendsCount = "friends_count", listedCount = "listed_count", createdAt = "created_at"
        case favouritesCount = "favourites_count", utcOffset = "utc_offset", timeZone = "time_zone"
        case geoEnabled = "geo_enabled", statusesCount = "statuses_count"
        case profileImageURL = "profile_image_url"
    }
}

struct Entities: Codable, Equatable {
    var hashtags: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [UserMention]

    enum CodingKeys: String, CodingKey {
        case hashtags, urls
        case userMentions = "user_mentions"
    }
}

struct Hashtag: Codable, Equatable {
    var text: String
    var indices: [Int]
}

struct URLEntity: Codable, Equatable {
    var url: String
    var expandedURL: String
    var displayURL: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url, indices
        case expandedURL = "expanded_url", displayURL = "display_url"
    }
}

struct UserMention: Codable, Equatable {
    var screenName: String
    var name: String
    var id: UInt64
    var idStr: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case name, id, indices
        case screenName = "screen_name", idStr = "id_str"
    }
}
