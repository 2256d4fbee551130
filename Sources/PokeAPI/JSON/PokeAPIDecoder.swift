import PokedexModels
import PokemonClient
import StateSync

/// A `{name, url}` entry of a PokeAPI list or type document, with the id read from the url.
public struct NamedEntry: Equatable, Hashable, Sendable {
    public var id: Int
    public var name: String
}

/// A page of PokeAPI's `/pokemon?limit=&offset=`: the total count and this page's entries.
public struct PokemonIndexPage: Equatable, Sendable {
    public var count: Int
    public var entries: [NamedEntry]

    /// `{count, results: […]}`, PokeAPI's and the cache's compact form alike: each result read
    /// by `entry`, other keys skipped.
    static func read(_ scanner: inout JSONScanner, entry: (inout JSONScanner) throws -> NamedEntry) throws -> PokemonIndexPage {
        var count: Int?
        var entries: [NamedEntry] = []
        try scanner.readObject { scanner, key in
            switch key {
            case "count": count = try scanner.readInt()
            case "results": try scanner.readArray { entries.append(try entry(&$0)) }
            default: try scanner.skipValue()
            }
        }
        guard let count else { throw scanner.error("missing \"count\"") }
        return PokemonIndexPage(count: count, entries: entries)
    }
}

/// Decodes the real PokeAPI v2 documents, reading only the fields the Pokédex uses.
/// Every failure is `PokemonClientError.malformed` with what was wrong and where.
public enum PokeAPIDecoder {
    /// `/pokemon/{id}`: id, name, height, weight, base_experience, types, abilities, stats and
    /// `sprites.front_default`. Types and abilities come back in slot order.
    public static func detail(_ bytes: [UInt8]) throws -> PokemonDetail {
        try decoding("Pokémon detail") {
            try JSONScanner.scan(bytes) { try DetailDocument.read(&$0) }
        }
    }

    /// `/pokemon?limit=&offset=`: `{count, next, previous, results: [{name, url}]}`.
    public static func index(_ bytes: [UInt8]) throws -> PokemonIndexPage {
        try decoding("Pokémon list") {
            try JSONScanner.scan(bytes) { try PokemonIndexPage.read(&$0, entry: readNamedEntry) }
        }
    }

    /// `/type/{name}`: the members, `pokemon: [{pokemon: {name, url}, slot}]`, as listed.
    public static func typeMembers(_ bytes: [UInt8]) throws -> [NamedEntry] {
        try decoding("type") {
            try JSONScanner.scan(bytes) { scanner in
                var members: [NamedEntry]?
                try scanner.readObject { scanner, key in
                    guard key == "pokemon" else { return try scanner.skipValue() }
                    var list: [NamedEntry] = []
                    try scanner.readArray { scanner in
                        try scanner.readObject { scanner, key in
                            if key == "pokemon" { list.append(try readNamedEntry(&scanner)) } else { try scanner.skipValue() }
                        }
                    }
                    members = list
                }
                guard let members else { throw scanner.error("missing \"pokemon\"") }
                return members
            }
        }
    }

    static func readNamedEntry(_ scanner: inout JSONScanner) throws -> NamedEntry {
        var name: String?
        var url: String?
        try scanner.readObject { scanner, key in
            switch key {
            case "name": name = try scanner.readString()
            case "url": url = try scanner.readString()
            default: try scanner.skipValue()
            }
        }
        guard let name, let url else { throw scanner.error("an entry lacks \"name\" or \"url\"") }
        guard let id = idFromURL(url) else { throw scanner.error("no id at the end of \"\(url)\"") }
        return NamedEntry(id: id, name: name)
    }

    /// `…/pokemon/25/` → 25.
    static func idFromURL(_ url: String) -> Int? {
        let segments = url.split(separator: "/")
        return segments.last.flatMap { Int($0) }
    }

    private static func decoding<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as JSONParseError {
            throw PokemonClientError.malformed("\(what) JSON: \(error)")
        }
    }
}
