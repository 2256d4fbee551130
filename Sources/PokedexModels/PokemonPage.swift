/// One page of the list and how many rows the whole (filtered) list has.
public struct PokemonPage: Equatable, Sendable {
    public var pokemon: [Pokemon]
    public var totalCount: Int

    public init(pokemon: [Pokemon], totalCount: Int) {
        self.pokemon = pokemon
        self.totalCount = totalCount
    }
}

/// What a page request asks for: an optional name search and type filter.
public struct PokemonQuery: Equatable, Hashable, Sendable {
    /// Case-insensitive substring of the name; empty means no search.
    public var search: String
    /// A type identifier such as `grass`; `nil` means every type.
    public var type: String?

    public init(search: String = "", type: String? = nil) {
        self.search = search
        self.type = type
    }

    public var isEmpty: Bool { search.isEmpty && type == nil }
}
