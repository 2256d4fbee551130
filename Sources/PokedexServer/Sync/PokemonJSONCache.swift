import StateSync
import Synchronization

/// Client-visible JSON about one Pokémon, built once for every session of the process and
/// kept by id and name (a Pokémon named in each language is kept once per language): the JSON
/// built from an input is handed out again while the input is equal. Past `capacity` the cache
/// starts over (what is in use is built once more). Rows (`RowJSONCache`) and loaded details
/// (`DetailJSONCache`) are kept this way.
///
/// Found by the id alone (an integer's hash), then among that Pokémon's names, and compared
/// in place: a table keyed by id and name hashed the name, and reading its entry copied the
/// input and the JSON out (retaining each of their parts, values every session shares), for
/// each row of a page more and each detail shown.
final class PokemonJSONCache<Input: Equatable & Sendable>: Sendable {
    private struct Entry {
        let name: String
        let input: Input
        let json: JSONValue
        /// The next entry of the same Pokémon (another language), or -1.
        let next: Int
    }

    private struct Table {
        /// The first entry of each Pokémon in `entries`.
        var firstByID: [Int: Int] = [:]
        var entries: [Entry] = []
    }

    private let capacity: Int
    private let table = Mutex(Table())
    /// Told each value built: patches carrying it copy its bytes.
    private let encodings: EncodedJSONMemo?

    init(capacity: Int, encodings: EncodedJSONMemo? = nil) {
        self.capacity = capacity
        self.encodings = encodings
    }

    /// The JSON of the one input for the Pokémon `id` named `name`, if `matches` accepts the
    /// one remembered, else of `make()`'s (built and remembered). A lookup that finds it
    /// makes no input: building one copied each of its fields, on every detail shown.
    func json(id: Int, name: String, matches: (Input) -> Bool, make: () -> Input, build: (Input) -> JSONValue) -> JSONValue {
        table.withLock { table in
            lookUp(id: id, name: name, matches: matches, make: make, build: build, in: &table)
        }
    }

    /// The JSON of each input, in order, under one lock; `pokemon` names the Pokémon an input
    /// is about. Each input is read where it lies and copied only to be remembered: a copy per
    /// row retained each of its strings and its types (a page more's new rows, on lines the
    /// catalog's rows share with every session).
    func json(
        for inputs: ArraySlice<Input>, pokemon: (borrowing Input) -> (id: Int, name: String), build: (Input) -> JSONValue
    ) -> [JSONValue] {
        table.withLock { table in
            inputs.withUnsafeBufferPointer { inputs in
                inputs.indices.map { position in
                    let (id, name) = pokemon(inputs[position])
                    return lookUp(
                        id: id, name: name, matches: { $0 == inputs[position] }, make: { inputs[position] }, build: build, in: &table)
                }
            }
        }
    }

    private func lookUp(
        id: Int, name: String, matches: (Input) -> Bool, make: () -> Input, build: (Input) -> JSONValue, in table: inout Table
    ) -> JSONValue {
        let first = table.firstByID[id] ?? -1
        // The entry named `name`, read in place; `found` is its position, its JSON when it matches.
        let (found, json) = table.entries.withUnsafeBufferPointer { entries -> (Int, JSONValue?) in
            var position = first
            while position >= 0 {
                if entries[position].name == name {
                    return (position, matches(entries[position].input) ? entries[position].json : .none)
                }
                position = entries[position].next
            }
            return (-1, .none)
        }
        if let json { return json }
        if table.entries.count >= capacity {
            table.entries.removeAll(keepingCapacity: true)
            table.firstByID.removeAll(keepingCapacity: true)
            return remember(id: id, name: name, make(), build: build, next: -1, in: &table)
        }
        if found >= 0 {
            // Another input for the same Pokémon and name: it takes that entry's place.
            let input = make()
            let json = build(input)
            table.entries[found] = Entry(name: name, input: input, json: json, next: table.entries[found].next)
            encodings?.remember(json)
            return json
        }
        return remember(id: id, name: name, make(), build: build, next: first, in: &table)
    }

    /// Builds `input`'s JSON and keeps it as the first entry of its Pokémon.
    private func remember(
        id: Int, name: String, _ input: Input, build: (Input) -> JSONValue, next: Int, in table: inout Table
    ) -> JSONValue {
        let json = build(input)
        table.firstByID[id] = table.entries.count
        table.entries.append(Entry(name: name, input: input, json: json, next: next))
        encodings?.remember(json)
        return json
    }
}
