import StateSync
import Synchronization

/// The client-visible JSON of favorites sets, shared by every session of the process.
///
/// A star set by one member of a list reaches every session showing that list, and each would
/// otherwise build the same object of up to a thousand keys: at 1,000 members that building
/// was a fifth of the server's time. Sharing one value also lets each session's diff skip the
/// unchanged part by storage identity.
final class FavoritesJSONCache: Sendable {
    /// Distinct sets kept; past this the cache starts over (sets in use are rebuilt once).
    static let capacity = 1024
    private let values = Mutex<[Set<Int>: JSONValue]>([:])

    func json(for ids: Set<Int>) -> JSONValue {
        if let cached = values.withLock({ $0[ids] }) { return cached }
        let json = ClientState.favorites(ids)
        values.withLock { values in
            if values.count >= Self.capacity { values.removeAll(keepingCapacity: true) }
            values[ids] = json
        }
        return json
    }
}
