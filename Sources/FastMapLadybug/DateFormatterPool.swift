import Foundation

/// Idle formatters by format, a few per format.
final class DateFormatterPool: Sendable {
    static let shared = DateFormatterPool()
    private static let idleLimit = 8
    private let idle = LockedValue<[String: [PooledDateFormatter]]>([:])

    func borrow(_ format: String) -> PooledDateFormatter {
        let reused = idle.withLock { $0[format]?.popLast() }
        return reused ?? .make(format)
    }

    func giveBack(_ formatters: [PooledDateFormatter]) {
        idle.withLock { idle in
            for formatter in formatters where idle[formatter.format, default: []].count < Self.idleLimit {
                idle[formatter.format, default: []].append(formatter)
            }
        }
    }
}
