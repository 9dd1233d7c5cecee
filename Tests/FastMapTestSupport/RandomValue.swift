import Foundation

/// What ``SchemaDecoded`` produced, comparable across decoders.
public indirect enum RandomValue: Equatable, Sendable {
    case null
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case url(URL)
    case decimal(Decimal)
    case array([RandomValue])
    case object([String: RandomValue])
}
