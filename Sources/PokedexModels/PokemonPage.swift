/// One page of the list and how many rows the whole (filtered) list has.
public struct PokemonPage: Equatable, Sendable {
    /// The rows a list asks for at a time (its first page, and each page more).
    public static let rowCount = 20

    public var pokemon: [Pokemon]
    public var totalCount: Int

    public init(pokemon: [Pokemon], totalCount: Int) {
        self.pokemon = pokemon
        self.totalCount = totalCount
    }
}

/// What a page request asks for: an optional name search and type filter, and the language
/// the rows' names are wanted in.
public struct PokemonQuery: Equatable, Hashable, Sendable {
    /// Found in a name in any language, ignoring case, accents and punctuation, or a number
    /// (`25`, `#025`); empty means no search.
    public var search: String
    /// A type identifier such as `grass`; `nil` means every type.
    public var type: String?
    /// The language of the rows' `name`.
    public var locale: AppLocale

    public init(search: String = "", type: String? = nil, locale: AppLocale = .en) {
        self.search = search
        self.type = type
        self.locale = locale
    }

    /// No search and no filter (whatever the language).
    public var isEmpty: Bool { search.isEmpty && type == nil }
}
