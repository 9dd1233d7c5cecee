import Foundation

// The shape of a service's event batch: snake_case keys, ISO-8601 dates, UUIDs, a String-backed
// enum, optionals (absent or null) and small nested arrays. Declared twice over the same
// document: once as a new user would write it (camelCase properties, no CodingKeys, the decoder
// set to `.convertFromSnakeCase`), once with explicit snake_case CodingKeys. The two cost
// differently: the first makes the decoder convert keys, the second does not.

/// The event's kind: a String-backed enum, as services tag their events.
enum ServiceEventType: String, Codable, Equatable, CaseIterable {
    case pageView = "page_view"
    case click
    case search
    case addToCart = "add_to_cart"
    case purchase
    case signUp = "sign_up"
    case logout
}

// MARK: - Read through `.convertFromSnakeCase` (no CodingKeys)

struct ServiceBatch: Codable, Equatable {
    var batchId: UUID
    var sentAt: Date
    var sourceService: String
    var events: [ServiceEvent]
}

struct ServiceEvent: Codable, Equatable {
    var eventId: UUID
    var eventType: ServiceEventType
    var userId: Int
    var sessionUuid: UUID
    var createdAt: Date
    var receivedAt: Date?
    var deviceInfo: ServiceDeviceInfo
    var tags: [String]
    var amountCents: Int?
    var referrerUrl: String?
    var isTest: Bool
    var lineItems: [ServiceLineItem]
}

struct ServiceDeviceInfo: Codable, Equatable {
    var osName: String
    var osVersion: String
    var appVersion: String
    var screenWidth: Int
    var screenHeight: Int
    var locale: String?
}

struct ServiceLineItem: Codable, Equatable {
    var skuId: String
    var quantity: Int
    var unitPrice: Double
}

// MARK: - Explicit snake_case CodingKeys

struct KeyedServiceBatch: Codable, Equatable {
    var batchId: UUID
    var sentAt: Date
    var sourceService: String
    var events: [KeyedServiceEvent]

    enum CodingKeys: String, CodingKey {
        case batchId = "batch_id", sentAt = "sent_at", sourceService = "source_service", events
    }
}

struct KeyedServiceEvent: Codable, Equatable {
    var eventId: UUID
    var eventType: ServiceEventType
    var userId: Int
    var sessionUuid: UUID
    var createdAt: Date
    var receivedAt: Date?
    var deviceInfo: KeyedServiceDeviceInfo
    var tags: [String]
    var amountCents: Int?
    var referrerUrl: String?
    var isTest: Bool
    var lineItems: [KeyedServiceLineItem]

    enum CodingKeys: String, CodingKey {
        case eventId = "event_id", eventType = "event_type", userId = "user_id", sessionUuid = "session_uuid"
        case createdAt = "created_at", receivedAt = "received_at", deviceInfo = "device_info", tags
        case amountCents = "amount_cents", referrerUrl = "referrer_url", isTest = "is_test"
        case lineItems = "line_items"
    }
}

struct KeyedServiceDeviceInfo: Codable, Equatable {
    var osName: String
    var osVersion: String
    var appVersion: String
    var screenWidth: Int
    var screenHeight: Int
    var locale: String?

    enum CodingKeys: String, CodingKey {
        case osName = "os_name", osVersion = "os_version", appVersion = "app_version"
        case screenWidth = "screen_width", screenHeight = "screen_height", locale
    }
}

struct KeyedServiceLineItem: Codable, Equatable {
    var skuId: String
    var quantity: Int
    var unitPrice: Double

    enum CodingKeys: String, CodingKey {
        case skuId = "sku_id", quantity, unitPrice = "unit_price"
    }
}
