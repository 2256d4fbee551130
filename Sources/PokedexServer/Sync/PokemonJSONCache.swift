import StateSync
import Synchronization

/// Client-visible JSON about one Pokémon, built once for every session of the process and
/// kept by id and name (a Pokémon named in each language is kept once per language): the JSON
/// built from an input is handed out again while the input is equal. Past `capacity` the cache
/// starts over (what is in use is built once more). Rows (`RowJSONCache`) and loaded details
/// (`DetailJSONCache`) are kept this way.
final class PokemonJSONCache<Input: Equatable & Sendable>: Sendable {
    private struct Key: Hashable {
        var id: Int
        var name: String
    }

    private let capacity: Int
    private let entries = Mutex<[Key: (input: Input, json: JSONValue)]>([:])
    /// Told each value built: patches carrying it copy its bytes.
    private let encodings: EncodedJSONMemo?

    init(capacity: Int, encodings: EncodedJSONMemo? = nil) {
        self.capacity = capacity
        self.encodings = encodings
    }

    /// The JSON of the one input for the Pokémon `id` named `name`, if `matches` accepts the
    /// one remembered, else of `make()`'s (built and remembered). A lookup that finds it
    /// makes no input: building one copied each of its fields (and a one-input sequence
    /// through `json(for:pokemon:build:)` made an array too), on every detail shown.
    func json(id: Int, name: String, matches: (Input) -> Bool, make: () -> Input, build: (Input) -> JSONValue) -> JSONValue {
        entries.withLock { entries in
            let key = Key(id: id, name: name)
            if let index = entries.index(forKey: key), matches(entries.values[index].input) { return entries.values[index].json }
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            let input = make()
            let json = build(input)
            entries[key] = (input, json)
            encodings?.remember(json)
            return json
        }
    }

    /// The JSON of each input, in order, under one lock; `pokemon` names the Pokémon an input
    /// is about.
    func json(
        for inputs: some Sequence<Input>, pokemon: (Input) -> (id: Int, name: String), build: (Input) -> JSONValue
    ) -> [JSONValue] {
        entries.withLock { entries in
            inputs.map { input in
                let (id, name) = pokemon(input)
                let key = Key(id: id, name: name)
                if let cached = entries[key], cached.input == input { return cached.json }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                let json = build(input)
                entries[key] = (input, json)
                encodings?.remember(json)
                return json
            }
        }
    }
}
