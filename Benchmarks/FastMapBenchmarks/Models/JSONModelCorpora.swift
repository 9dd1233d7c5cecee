import FastMapModels
import Foundation

// twitter.json's and canada.json's models (Twitter.swift, Canada.swift) declared with
// @JSONModel, to measure generated readers on the corpora: the same fields, keys and types.

@JSONModel
struct ModelTwitterSearch: Equatable {
    var statuses: [ModelStatus]
    @Key("search_metadata") var searchMetadata: ModelSearchMetadata
}

@JSONModel
struct ModelSearchMetadata: Equatable {
    @Key("completed_in") var completedIn: Double
    @Key("max_id") var maxID: UInt64
    var query: String
    var count: Int
}

@JSONModel
struct ModelStatus: Equatable {
    var metadata: ModelStatusMetadata
    @Key("created_at") var createdAt: String
    var id: UInt64
    @Key("id_str") var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    @Key("in_reply_to_status_id") var inReplyToStatusID: UInt64?
    @Key("in_reply_to_user_id") var inReplyToUserID: UInt64?
    @Key("in_reply_to_screen_name") var inReplyToScreenName: String?
    var user: ModelUser
    @Key("retweet_count") var retweetCount: Int
    @Key("favorite_count") var favoriteCount: Int
    var entities: ModelEntities
    var favorited: Bool
    var retweeted: Bool
    var lang: String
}

@JSONModel
struct ModelStatusMetadata: Equatable {
    @Key("result_type") var resultType: String
    @Key("iso_language_code") var isoLanguageCode: String
}

@JSONModel
struct ModelUser: Equatable {
    var id: UInt64
    @Key("id_str") var idStr: String
    var name: String
    @Key("screen_name") var screenName: String
    var location: String
    var description: String
    var url: String?
    var protected: Bool
    @Key("followers_count") var followersCount: Int
    @Key("friends_count") var friendsCount: Int
    @Key("listed_count") var listedCount: Int
    @Key("created_at") var createdAt: String
    @Key("favourites_count") var favouritesCount: Int
    @Key("utc_offset") var utcOffset: Int?
    @Key("time_zone") var timeZone: String?
    @Key("geo_enabled") var geoEnabled: Bool
    var verified: Bool
    @Key("statuses_count") var statusesCount: Int
    var lang: String
    @Key("profile_image_url") var profileImageURL: String
}

@JSONModel
struct ModelEntities: Equatable {
    var hashtags: [ModelHashtag]
    var urls: [ModelURLEntity]
    @Key("user_mentions") var userMentions: [ModelUserMention]
}

@JSONModel
struct ModelHashtag: Equatable {
    var text: String
    var indices: [Int]
}

@JSONModel
struct ModelURLEntity: Equatable {
    var url: String
    @Key("expanded_url") var expandedURL: String
    @Key("display_url") var displayURL: String
    var indices: [Int]
}

@JSONModel
struct ModelUserMention: Equatable {
    @Key("screen_name") var screenName: String
    var name: String
    var id: UInt64
    @Key("id_str") var idStr: String
    var indices: [Int]
}

@JSONModel
struct ModelFeatureCollection: Equatable {
    var type: String
    var features: [ModelFeature]
}

@JSONModel
struct ModelFeature: Equatable {
    var type: String
    var properties: [String: String]
    var geometry: ModelGeometry
}

@JSONModel
struct ModelGeometry: Equatable {
    var type: String
    var coordinates: [[[Double]]]
}

/// "decode @JSONModel models" and "encode @JSONModel models": the models above through their
/// generated readers and writers and through their `Codable` route on the same decoder and
/// encoder, beside the plain `Codable` models.
enum JSONModelCorporaBench {
    static func benchmarks(corpora: [Corpus]) -> [Benchmark] {
        corpora.flatMap { corpus -> [Benchmark] in
            switch corpus.shape {
            case .twitter:
                [
                    benchmark(corpus, ModelTwitterSearch.self, codable: TwitterSearch.self),
                    encoding(corpus, ModelTwitterSearch.self, codable: TwitterSearch.self),
                ]
            case .canada:
                [
                    benchmark(corpus, ModelFeatureCollection.self, codable: FeatureCollection.self),
                    encoding(corpus, ModelFeatureCollection.self, codable: FeatureCollection.self),
                ]
            case .citm, .gsoc, .githubEvents, .mesh: []
            }
        }
    }

    private static func encoding<Model: Codable, Plain: Codable>(
        _ corpus: Corpus, _ model: Model.Type, codable: Plain.Type
    ) -> Benchmark {
        // Force-try: the decode row above reports a model that fails to decode.
        let value = try! FastJSONDecoder().decode(Model.self, from: corpus.data)
        let plain = try! FastJSONDecoder().decode(Plain.self, from: corpus.data)
        let codableRoute = FastJSONEncoder()
        codableRoute.writesModels = false
        let written = try? FastJSONEncoder().encode(value)
        Suites.warnUnless(
            written != nil && written == (try? codableRoute.encode(value)),
            "the @JSONModel routes encode different bytes", corpus.name)
        return Benchmark(
            task: "encode @JSONModel models", corpus: corpus.name, bytes: written?.count ?? 0,
            competitors: [
                Competitor(name: "@JSONModel (FastJSONEncoder)", isFoundation: false) {
                    consume(try FastJSONEncoder().encode(value))
                },
                Competitor(name: "@JSONModel, Codable route (FastJSONEncoder)", isFoundation: false) {
                    consume(try codableRoute.encode(value))
                },
                Competitor(name: "Codable models (FastJSONEncoder)", isFoundation: false) {
                    consume(try FastJSONEncoder().encode(plain))
                },
                Competitor(name: "Codable models (JSONEncoder)", isFoundation: true) {
                    consume(try JSONEncoder().encode(plain))
                },
            ])
    }

    private static func benchmark<Model: Decodable & Equatable, Plain: Decodable>(
        _ corpus: Corpus, _ model: Model.Type, codable: Plain.Type
    ) -> Benchmark {
        let data = corpus.data
        let codableRoute = FastJSONDecoder()
        codableRoute.readsDocuments = false
        Suites.warnUnless(
            (try? FastJSONDecoder().decode(Model.self, from: data))
                == (try? codableRoute.decode(Model.self, from: data)),
            "the @JSONModel routes decode different models", corpus.name)
        return Benchmark(
            task: "decode @JSONModel models", corpus: corpus.name, bytes: data.count,
            competitors: [
                Competitor(name: "@JSONModel (FastJSONDecoder)", isFoundation: false) {
                    consume(try FastJSONDecoder().decode(Model.self, from: data))
                },
                Competitor(name: "@JSONModel, Codable route (FastJSONDecoder)", isFoundation: false) {
                    consume(try codableRoute.decode(Model.self, from: data))
                },
                Competitor(name: "Codable models (FastJSONDecoder)", isFoundation: false) {
                    consume(try FastJSONDecoder().decode(Plain.self, from: data))
                },
                Competitor(name: "Codable models (JSONDecoder)", isFoundation: true) {
                    consume(try JSONDecoder().decode(Plain.self, from: data))
                },
            ])
    }
}
