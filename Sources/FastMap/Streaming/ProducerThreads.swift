import Foundation

/// Long-lived threads for the reading side of pipelines.
///
/// A thread of its own per stream would be simplest, but the C allocator keeps some memory for
/// every short-lived thread that allocated, so a service opening many streams would grow
/// without bound. Finished threads wait here for the next stream instead (up to
/// ``maximumIdle`` of them); every job still starts at once on a thread of its own, since a
/// pipeline's producer blocks while its consumer is behind.
///
/// `@unchecked Sendable`: `jobs` and `idle` are only read or written with `condition` locked.
final class ProducerThreads: @unchecked Sendable {
    static let shared = ProducerThreads()
    static let maximumIdle = 4

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var idle = 0

    /// Runs `job` on a pooled thread, starting a new one unless an idle one can take it.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        // Each waiting job needs a thread of its own: idle threads that were signalled but
        // have not woken up yet are still counted in `idle`, and each takes one job.
        let needsThread = jobs.count > idle
        if !needsThread { condition.signal() }
        condition.unlock()
        if needsThread {
            let thread = Thread { [self] in work() }
            thread.name = "FastMap.StreamReader"
            thread.start()
        }
    }

    private func work() {
        condition.lock()
        while true {
            while jobs.isEmpty {
                guard idle < Self.maximumIdle else {
                    condition.unlock()
                    return
                }
                idle += 1
                condition.wait()
                idle -= 1
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
            condition.lock()
        }
    }
}
