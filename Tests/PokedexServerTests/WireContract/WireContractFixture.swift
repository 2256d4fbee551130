import Composable
import Foundation
import PokedexFeatures
import PokedexModels
import StateSync

/// A session state every documented action applies to: row #25 on the list, the detail of #1
/// presented, a grass type screen (with #2) and the detail of #2 stacked on it, an active
/// list of `role` (`4c…`, the documented one) and a list the user only views (`7a…`).
enum WireContractFixture {
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let pokemonIDs = PokemonIDs([1...151])

    static func state(role: ListRole = .owner) -> AppFeature.State {
        let me = User(id: "ash", displayName: "Ash")
        let personal = FavoritesList(id: "4c…", name: "Favorites", ownerID: me.id)
        let shared = FavoritesList(id: "7a…", name: "Team Rocket", ownerID: "jessie")
        let lists = [ListSummary(list: personal, role: role), ListSummary(list: shared, role: .viewer)]
        let account = Account(me: me, lists: Shared(lists), activeListID: personal.id)
        var state = AppFeature.State(route: "/pokemon/1/type/grass/pokemon/2", account: account, favorites: Shared([]))
        state.list.rows = IdentifiedArray([Pokemon(id: 25, name: "pikachu", types: ["electric"])])
        let typeID = state.path.ids[0]
        guard case var .type(screen)? = state.path[id: typeID] else { preconditionFailure("the route stacks a type screen") }
        screen.members = .loaded([Pokemon(id: 2, name: "ivysaur", types: ["grass", "poison"])])
        state.path.replace(id: typeID, with: .type(screen))
        return state
    }

    /// `action` with a documented stack entry id (0 for the first stacked screen) replaced by
    /// the id `state` gives that screen (ids are unique in the process).
    static func addressing(_ action: JSONValue, in state: AppFeature.State) -> JSONValue {
        guard var element = action["path"]?["element"]?.objectValue, let index = element["id"]?.intValue,
              state.path.ids.indices.contains(index)
        else { return action }
        element["id"] = .int(state.path.ids[index].rawValue)
        return ["path": ["element": .object(element)]]
    }
}
