import Foundation

/// The "JSONSerialization + hand mapping" competitor: what code written against `[String: Any]`
/// does. Each initializer reads exactly the fields the Codable model reads.
struct MappingFailed: Error {
    let field: String
}

extension Dictionary where Key == String, Value == Any {
    func required<T>(_ key: String, as: T.Type = T.self) throws -> T {
        guard let value = self[key] as? T else { throw MappingFailed(field: key) }
        return value
    }

    func optional<T>(_ key: String, as: T.Type = T.self) -> T? { self[key] as? T }

    func object(_ key: String) throws -> [String: Any] { try required(key) }

    func objects(_ key: String) throws -> [[String: Any]] { try required(key) }

    func unsigned(_ key: String) throws -> UInt64 {
        guard let number = self[key] as? NSNumber else { throw MappingFailed(field: key) }
        return number.uint64Value
    }

    func optionalUnsigned(_ key: String) -> UInt64? { (self[key] as? NSNumber)?.uint64Value }
}

extension TwitterSearch {
    init(any: Any) throws {
        guard let root = any as? [String: Any] else { throw MappingFailed(field: "$") }
        statuses = try root.objects("statuses").map(Status.init(object:))
        let meta = try root.object("search_metadata")
        searchMetadata = SearchMetadata(
            completedIn: try meta.required("completed_in"), maxID: try meta.unsigned("max_id"),
            query: try meta.required("query"), count: try meta.required("count"))
    }
}

extension Status {
    init(object o: [String: Any]) throws {
        let meta = try o.object("metadata")
        metadata = StatusMetadata(
            resultType: try meta.required("result_type"), isoLanguageCode: try meta.required("iso_language_code"))
        createdAt = try o.required("created_at")
        id = try o.unsigned("id")
        idStr = try o.required("id_str")
        text = try o.required("text")
        source = try o.required("source")
        truncated = try o.required("truncated")
        inReplyToStatusID = o.optionalUnsigned("in_reply_to_status_id")
        inReplyToUserID = o.optionalUnsigned("in_reply_to_user_id")
        inReplyToScreenName = o.optional("in_reply_to_screen_name")
        user = try User(object: try o.object("user"))
        retweetCount = try o.required("retweet_count")
        favoriteCount = try o.required("favorite_count")
        let e = try o.object("entities")
        entities = Entities(
            hashtags: try e.objects("hashtags").map {
                Hashtag(text: try $0.required("text"), indices: try $0.required("indices"))
            },
            urls: try e.objects("urls").map {
                URLEntity(
                    url: try $0.required("url"), expandedURL: try $0.required("expanded_url"),
                    displayURL: try $0.required("display_url"), indices: try $0.required("indices"))
            },
            userMentions: try e.objects("user_mentions").map {
                UserMention(
                    screenName: try $0.required("screen_name"), name: try $0.required("name"),
                    id: try $0.unsigned("id"),
                    idStr: try $0.required("id_str"), indices: try $0.required("indices"))
            })
        favorited = try o.required("favorited")
        retweeted = try o.required("retweeted")
        lang = try o.required("lang")
    }
}

extension User {
    init(object o: [String: Any]) throws {
        id = try o.unsigned("id")
        idStr = try o.required("id_str")
        name = try o.required("name")
        screenName = try o.required("screen_name")
        location = try o.required("location")
        description = try o.required("description")
        url = o.optional("url")
        protected = try o.required("protected")
        followersCount = try o.required("followers_count")
        friendsCount = try o.required("friends_count")
        listedCount = try o.required("listed_count")
        createdAt = try o.required("created_at")
        favouritesCount = try o.required("favourites_count")
        utcOffset = o.optional("utc_offset")
        timeZone = o.optional("time_zone")
        geoEnabled = try o.required("geo_enabled")
        verified = try o.required("verified")
        statusesCount = try o.required("statuses_count")
        lang = try o.required("lang")
        profileImageURL = try o.required("profile_image_url")
    }
}

extension CitmCatalog {
    init(any: Any) throws {
        guard let o = any as? [String: Any] else { throw MappingFailed(field: "$") }
        areaNames = try o.required("areaNames")
        audienceSubCategoryNames = try o.required("audienceSubCategoryNames")
        blockNames = try o.required("blockNames")
        events = try o.object("events").mapValues { value in
            guard let e = value as? [String: Any] else { throw MappingFailed(field: "events") }
            return CitmEvent(
                description: e.optional("description"), id: try e.required("id"), logo: e.optional("logo"),
                name: try e.required("name"), subTopicIds: try e.required("subTopicIds"),
                subjectCode: e.optional("subjectCode"), subtitle: e.optional("subtitle"),
                topicIds: try e.required("topicIds"))
        }
        performances = try o.objects("performances").map { p in
            CitmPerformance(
                eventId: try p.required("eventId"), id: try p.required("id"), logo: p.optional("logo"),
                name: p.optional("name"),
                prices: try p.objects("prices").map {
                    CitmPrice(
                        amount: try $0.required("amount"),
                        audienceSubCategoryId: try $0.required("audienceSubCategoryId"),
                        seatCategoryId: try $0.required("seatCategoryId"))
                },
                seatCategories: try p.objects("seatCategories").map { s in
                    CitmSeatCategory(
                        areas: try s.objects("areas").map {
                            CitmArea(areaId: try $0.required("areaId"), blockIds: try $0.required("blockIds"))
                        }, seatCategoryId: try s.required("seatCategoryId"))
                },
                seatMapImage: p.optional("seatMapImage"), start: try p.required("start"),
                venueCode: try p.required("venueCode"))
        }
        seatCategoryNames = try o.required("seatCategoryNames")
        subTopicNames = try o.required("subTopicNames")
        subjectNames = try o.required("subjectNames")
        topicNames = try o.required("topicNames")
        topicSubTopics = try o.required("topicSubTopics")
        venueNames = try o.required("venueNames")
    }
}

extension FeatureCollection {
    init(any: Any) throws {
        guard let o = any as? [String: Any] else { throw MappingFailed(field: "$") }
        type = try o.required("type")
        features = try o.objects("features").map { f in
            let g = try f.object("geometry")
            return Feature(
                type: try f.required("type"), properties: try f.required("properties"),
                geometry: Geometry(type: try g.required("type"), coordinates: try g.required("coordinates")))
        }
    }
}
