import Synchronization

/// Connection and HTTP exchange ids, unique across all of a server's service threads.
final class ConnectionIDs: Sendable {
    private let last = Atomic<UInt64>(0)

    func next() -> UInt64 {
        last.add(1, ordering: .relaxed).newValue
    }
}
