import PokedexFeatures
import StateSync
import Synchronization

/// The list's JSON for the latest few list states, shared by every session whose list is in one
/// of them: thousands of idle sessions on the same first page then hold one value (and the
/// diff of each against it skips it by storage), not a copy each of its ten members and rows.
final class ListJSONCache: Sendable {
    /// List states remembered, newest first.
    static let recentCount = 4

    private struct Entry {
        var list: PokemonListFeature.State
        var json: JSONValue
    }

    private let recent = Mutex<[Entry]>([])

    /// The JSON of a list state equal to `list` if one was built lately, else `build(list)`'s,
    /// remembered. A cheap field first: most lists that differ differ in their row count.
    func json(for list: PokemonListFeature.State, build: (PokemonListFeature.State) -> JSONValue) -> JSONValue {
        let cached = recent.withLock { recent in
            recent.first { $0.list.rows.count == list.rows.count && $0.list == list }?.json
        }
        if let cached { return cached }
        let json = build(list)
        recent.withLock { recent in
            recent.insert(Entry(list: list, json: json), at: 0)
            if recent.count > Self.recentCount { recent.removeLast() }
        }
        return json
    }
}
