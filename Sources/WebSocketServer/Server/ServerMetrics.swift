import Synchronization

/// A snapshot of the server's counters.
public struct ServerMetrics: Sendable, Equatable {
    public var openConnections: Int
    /// Payload bytes of websocket messages received / written.
    public var bytesIn: Int
    public var bytesOut: Int
    /// Complete websocket text messages received / written.
    public var messagesIn: Int
    public var messagesOut: Int
    /// Times a connection's outbound queue overflowed.
    public var overflows: Int
}

/// Counters updated on the service thread, read from anywhere: one set per service thread
/// (`WebSocketServer` sums them), on cache lines of their own, padded on both sides. Every
/// message written adds to two of them: one set for all threads was a line both threads wrote,
/// passed between their cores for every member of a fan-out.
final class MetricCounters: Sendable {
    /// Keeps the counters off the line of the object's header and of whatever lies before it.
    private let before: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    let openConnections = Atomic(0)
    let bytesIn = Atomic(0)
    let bytesOut = Atomic(0)
    let messagesIn = Atomic(0)
    let messagesOut = Atomic(0)
    let overflows = Atomic(0)
    /// Keeps them off the line of whatever lies after the object.
    private let after: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    var snapshot: ServerMetrics {
        ServerMetrics(
            openConnections: openConnections.load(ordering: .relaxed),
            bytesIn: bytesIn.load(ordering: .relaxed),
            bytesOut: bytesOut.load(ordering: .relaxed),
            messagesIn: messagesIn.load(ordering: .relaxed),
            messagesOut: messagesOut.load(ordering: .relaxed),
            overflows: overflows.load(ordering: .relaxed)
        )
    }
}

extension Atomic where Value == Int {
    /// Adds `amount` to a counter that one thread alone writes (its service thread's counts of
    /// messages and bytes): a load and a store, where `add` is a locked instruction, four for
    /// each action's frame and reply. A reader elsewhere sees whole values, at worst a little
    /// behind. A counter other threads write too (`overflows`, by senders) uses `add`.
    func addAsSoleWriter(_ amount: Int) {
        store(load(ordering: .relaxed) &+ amount, ordering: .relaxed)
    }
}

extension ServerMetrics {
    /// The sum of the service threads' counters.
    init(summing snapshots: [ServerMetrics]) {
        self.init(openConnections: 0, bytesIn: 0, bytesOut: 0, messagesIn: 0, messagesOut: 0, overflows: 0)
        for snapshot in snapshots {
            openConnections += snapshot.openConnections
            bytesIn += snapshot.bytesIn
            bytesOut += snapshot.bytesOut
            messagesIn += snapshot.messagesIn
            messagesOut += snapshot.messagesOut
            overflows += snapshot.overflows
        }
    }
}
