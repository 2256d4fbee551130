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
    /// The screens a route names, or nil when the route is not one of ours. `/` and the empty
    /// route are the list alone.
    public static func screens(from route: String) -> [Screen]? {
        var parts = route.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var screens: [Screen] = []
        if parts.first == "favorites" {
            screens.append(.favorites)
            parts.removeFirst()
        }
        guard parts.count % 2 == 0 else { return nil }
        for index in stride(from: 0, to: parts.count, by: 2) {
            let value = parts[index + 1]
            switch parts[index] {
            case "pokemon":
                guard let id = Int(value), id > 0 else { return nil }
                screens.append(.pokemon(id))
            case "type":
                guard PokemonTypes.all.contains(value) else { return nil }
                screens.append(.type(value))
            default:
                return nil
            }
        }
        // A type screen is reached from a detail: the first screen is a Pokémon or Favorites.
        if let first = screens.first, case .type = first { return nil }
        return screens
    }

    /// The invite code of a join link (`/join/CODE`), if the route is one.
    public static func joinCode(from route: String) -> String? {
        let parts = route.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0] == "join", parts[1].count <= 128,
              parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        return String(parts[1])
    }

    /// The route of a navigation state.
    public static func path(for screens: [Screen]) -> String {
        guard !screens.isEmpty else { return "/" }
        return screens.map { screen in
            switch screen {
            case let .pokemon(id): "/pokemon/\(id)"
            case let .type(name): "/type/\(name)"
            case .favorites: "/favorites"
            }
        }.joined()
    }
}
