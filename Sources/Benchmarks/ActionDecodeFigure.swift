import Composable
import PokedexFeatures
import PokedexModels
import PokedexServer
import StateSync

/// The server's cost of reading one action frame's action: `ActionDecoder` on a mix of the
/// actions browsers send most (a row's star, a search, a detail's star, a stacked detail's
/// type, a route, an invite; every star is the one root `favoriteSet`), against a session
/// state with a detail open.
enum ActionDecodeFigure {
    static let actions: [JSONValue] = [
        ["favoriteSet": ["list": "ash-list", "id": 25, "on": true]],
        ["list": ["binding": ["search": "pika"]]],
        ["favoriteSet": ["list": "ash-list", "id": 1, "on": false]],
        ["path": ["element": ["id": 1, "action": ["detail": ["typeTapped": ["type": "grass"]]]]]],
        ["navigate": ["route": "/pokemon/25"]],
        ["destination": ["presented": ["favorites": ["inviteTapped": ["role": "editor"]]]]],
    ]

    static func measure() -> Figure {
        let me = User(id: "ash", displayName: "Ash")
        let list = FavoritesList(id: "ash-list", name: "Favorites", ownerID: me.id)
        let account = Account(me: me, lists: Shared([ListSummary(list: list, role: .owner)]), activeListID: list.id)
        let state = AppFeature.State(route: "/pokemon/25", account: account, favorites: Shared([]))
        let ids = PokemonIDs([1...151])
        // Each sample decodes the mix `rounds` times: one decode is too short to time alone.
        let rounds = 100
        let seconds = Measure.median(repeats: 301) {
            for _ in 0..<rounds {
                for action in actions { _ = try? ActionDecoder.decode(action, in: state, pokemonIDs: ids) }
            }
        }
        return Figure("sync.decode_ns_per_action", seconds * 1e9 / Double(rounds * actions.count), "ns")
    }
}
