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

/// Counters updated on the service thread, read from anywhere.
final class MetricCounters: Sendable {
    let openConnections = Atomic(0)
    let bytesIn = Atomic(0)
    let bytesOut = Atomic(0)
    let messagesIn = Atomic(0)
    let messagesOut = Atomic(0)
    let overflows = Atomic(0)

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
