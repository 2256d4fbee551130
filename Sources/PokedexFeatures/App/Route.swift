import PokedexModels

/// A screen reached by navigation, in the order they stack: the presented detail first, then
/// drill-down screens. The URL is derived from these, and a URL rebuilds them.
public enum Screen: Equatable, Hashable, Sendable {
    case pokemon(Int)
    case type(String)
    /// The Favorites view (presented, like a detail).
    case favorites
}

/// Routes like `/pokemon/1/type/grass/pokemon/2` ↔ screens.
public enum Route {
    /// The most screens a session shows at once, the presented detail or Favorites view
    /// included. Each screen loads its data and is projected into every patch, so a link (or
    /// a user tapping on) may not stack them without end.
    public static let maxScreens = 12

    /// What a route names.
    public struct Parsed: Equatable, Sendable {
        /// At most `maxScreens`, bottom first.
        public var screens: [Screen]
        /// The route named more screens than `maxScreens`; `screens` are its first ones.
        public var isTruncated: Bool
        /// How many path segments were read: parsing stops once past `maxScreens`, so this
        /// is bounded whatever the route's length.
        public var segmentsRead: Int
    }

    /// The screens a route names (at most `maxScreens`), or nil when the route is not one of
    /// ours or names a Pokémon that `pokemonIDs` does not hold. `/` and the empty route are
    /// the list alone. Reads segments one at a time and stops after the last usable one.
    public static func parse(_ route: String, pokemonIDs: PokemonIDs = .anyPositive) -> Parsed? {
        var segments = Segments(route)
        var screens: [Screen] = []
        var name = segments.next()
        if name == "favorites" {
            screens.append(.favorites)
            name = segments.next()
        }
        while let kind = name {
            if screens.count == maxScreens {
                return Parsed(screens: screens, isTruncated: true, segmentsRead: segments.read)
            }
            guard let value = segments.next() else { return nil }
            switch kind {
            case "pokemon":
                guard let id = Int(value), id > 0, pokemonIDs.contains(id) else { return nil }
                screens.append(.pokemon(id))
            case "type":
                // A type screen is reached from a detail: the first screen is a Pokémon or Favorites.
                guard !screens.isEmpty, let type = PokemonTypes.all.first(where: { $0 == value }) else { return nil }
                screens.append(.type(type))
            default:
                return nil
            }
            name = segments.next()
        }
        return Parsed(screens: screens, isTruncated: false, segmentsRead: segments.read)
    }

    /// The screens a route names; see `parse`.
    public static func screens(from route: String) -> [Screen]? {
        parse(route)?.screens
    }

    /// A route as a notice quotes it: long ones cut, so a notice stays a line.
    static func quoted(_ route: String) -> String {
        route.count <= 60 ? route : route.prefix(60) + "…"
    }

    /// The invite code of a join link (`/join/CODE`), if the route is one.
    public static func joinCode(from route: String) -> String? {
        // Every navigation asks, and nearly no route is a join link: one whose first segment
        // does not begin with `j` is not, found without making a segment.
        guard route.utf8.first(where: { $0 != UInt8(ascii: "/") }) == UInt8(ascii: "j") else { return nil }
        var segments = Segments(route)
        guard segments.next() == "join", let code = segments.next(), segments.next() == nil, code.utf8.count <= 128,
              code.utf8.allSatisfy(isCodeByte)
        else { return nil }
        return String(code)
    }

    /// What a join route's code may hold: ASCII letters, digits, `-` and `_` (codes are hex
    /// today). Checked on bytes, not characters: every hello of a join storm passes here.
    private static func isCodeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// The route of a navigation state.
    public static func path(for screens: [Screen]) -> String {
        guard !screens.isEmpty else { return "/" }
        // Appended into one string: every patch's projection asks for the route.
        var path = ""
        for screen in screens {
            switch screen {
            case let .pokemon(id): path += "/pokemon/"; path += String(id)
            case let .type(name): path += "/type/"; path += name
            case .favorites: path += "/favorites"
            }
        }
        return path
    }
}

/// A route's non-empty path segments, read one at a time (no array of every segment).
/// Split on the byte `/`, not by character: every navigation and hello parses a route, and `/`
/// is ASCII, so its UTF-8 positions are character boundaries of the route.
private struct Segments {
    private var rest: Substring
    /// Segments returned so far.
    private(set) var read = 0

    init(_ route: String) { rest = route[...] }

    mutating func next() -> Substring? {
        let slash = UInt8(ascii: "/")
        let bytes = rest.utf8
        guard let start = bytes.firstIndex(where: { $0 != slash }) else {
            rest = rest[rest.endIndex...]
            return nil
        }
        let end = bytes[start...].firstIndex(of: slash) ?? bytes.endIndex
        defer { rest = rest[end...] }
        read += 1
        return rest[start..<end]
    }
}
