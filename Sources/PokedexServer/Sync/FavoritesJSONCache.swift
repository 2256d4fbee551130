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
    /// Sets compared before the table is asked.
    static let recentCount = 4

    private struct Entries {
        var bySet: [Set<Int>: JSONValue] = [:]
        /// The latest sets asked for, newest first. Every member of a list asks for the same
        /// set, sharing its storage, which `==` recognizes at once; the table's key hashes every
        /// id, for each of thousands of members (3% of a fan-out's server CPU).
        var recent: [(ids: Set<Int>, json: JSONValue)] = []

        mutating func remember(_ ids: Set<Int>, _ json: JSONValue) {
            recent.insert((ids, json), at: 0)
            if recent.count > FavoritesJSONCache.recentCount { recent.removeLast() }
        }
    }

    private let entries = Mutex(Entries())

    func json(for ids: Set<Int>) -> JSONValue {
        let cached = entries.withLock { entries -> JSONValue? in
            if let recent = entries.recent.first(where: { $0.ids.count == ids.count && $0.ids == ids }) { return recent.json }
            guard let json = entries.bySet[ids] else { return nil }
            entries.remember(ids, json)
            return json
        }
        if let cached { return cached }
        let json = ClientState.favorites(ids)
        entries.withLock { entries in
            if entries.bySet.count >= Self.capacity { entries.bySet.removeAll(keepingCapacity: true) }
            entries.bySet[ids] = json
            entries.remember(ids, json)
        }
        return json
    }
}
