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
        // Read on the route's bytes where they lie: a segment made as a substring retained the
        // route's storage (a route of more than fifteen bytes is not a small string), and every
        // navigation parses one.
        let bytes = route.utf8.span
        var segments = SegmentBounds()
        var screens: [Screen] = []
        var name = segments.next(in: bytes)
        if let first = name, Self.segment(first, of: bytes, is: "favorites") {
            screens.append(.favorites)
            name = segments.next(in: bytes)
        }
        while let kind = name {
            if screens.count == maxScreens {
                return Parsed(screens: screens, isTruncated: true, segmentsRead: segments.read)
            }
            guard let value = segments.next(in: bytes) else { return nil }
            if Self.segment(kind, of: bytes, is: "pokemon") {
                guard let id = Self.integer(value, of: bytes), id > 0, pokemonIDs.contains(id) else { return nil }
                screens.append(.pokemon(id))
            } else if Self.segment(kind, of: bytes, is: "type") {
                // A type screen is reached from a detail: the first screen is a Pokémon or Favorites.
                guard !screens.isEmpty, let type = PokemonTypes.all.first(where: { Self.segment(value, of: bytes, is: $0) }) else {
                    return nil
                }
                screens.append(.type(type))
            } else {
                return nil
            }
            name = segments.next(in: bytes)
        }
        return Parsed(screens: screens, isTruncated: false, segmentsRead: segments.read)
    }

    /// Whether the bytes of `segment` spell `word`.
    private static func segment(_ segment: Range<Int>, of bytes: Span<UInt8>, is word: String) -> Bool {
        guard segment.count == word.utf8.count else { return false }
        var index = segment.lowerBound
        for byte in word.utf8 {
            guard bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// The segment read as `Int(_:)` reads a string: an optional `+` or `-`, then decimal digits,
    /// nil when it is anything else or does not fit.
    private static func integer(_ segment: Range<Int>, of bytes: Span<UInt8>) -> Int? {
        var index = segment.lowerBound
        var negative = false
        if index < segment.upperBound, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < segment.upperBound else { return nil }
        var value = 0
        while index < segment.upperBound {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowPlus) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowPlus else { return nil }
            value = next
            index += 1
        }
        return value
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
        let bytes = route.utf8.span
        var segments = SegmentBounds()
        guard let first = segments.next(in: bytes), segment(first, of: bytes, is: "join"),
              let code = segments.next(in: bytes), segments.next(in: bytes) == nil, code.count <= 128
        else { return nil }
        for index in code where !isCodeByte(bytes[index]) { return nil }
        // ASCII, checked above.
        return String(decoding: route.utf8.dropFirst(code.lowerBound).prefix(code.count), as: UTF8.self)
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

/// Where a route's non-empty path segments lie in its bytes, read one at a time (no array of
/// every segment, no substring of each). Split on the byte `/`, not by character: every
/// navigation and hello parses a route, and `/` is ASCII, so its UTF-8 positions are character
/// boundaries of the route.
private struct SegmentBounds {
    private var position = 0
    /// Segments returned so far.
    private(set) var read = 0

    mutating func next(in bytes: Span<UInt8>) -> Range<Int>? {
        let slash = UInt8(ascii: "/")
        while position < bytes.count, bytes[position] == slash { position += 1 }
        guard position < bytes.count else { return nil }
        let start = position
        while position < bytes.count, bytes[position] != slash { position += 1 }
        read += 1
        return start..<position
    }
}
