import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// The client-visible state (docs/PROTOCOL.md): what a browser renders, derived from a
/// session's `AppFeature.State`.
enum ClientState {
    static func project(_ state: AppFeature.State) -> JSONValue {
        [
            "route": .string(state.route),
            "notice": JSONValue(state.notice),
            "list": list(state.list),
            "favorites": favorites(state.favorites.wrappedValue),
            "destination": state.destination.map(destination) ?? .null,
            "stack": .array(state.path.entries.map(stackEntry)),
        ]
    }

    static func list(_ list: PokemonListFeature.State) -> JSONValue {
        let rows = list.rows.map(row)
        let pages = stride(from: 0, to: rows.count, by: PokemonListFeature.pageSize).map { start in
            JSONValue.array(Array(rows[start..<min(start + PokemonListFeature.pageSize, rows.count)]))
        }
        return [
            "search": .string(list.search),
            "type": JSONValue(list.typeFilter),
            "types": .array(PokemonTypes.all.map(JSONValue.string)),
            "status": status(list.loadState),
            "error": error(list.loadState),
            "pages": .array(pages),
            "total": .int(list.totalCount),
            "isLoadingMore": .bool(list.isLoadingMore),
            "canLoadMore": .bool(list.canLoadMore),
            "moreError": JSONValue(list.loadMoreError),
        ]
    }

    static func row(_ pokemon: Pokemon) -> JSONValue {
        [
            "id": .int(pokemon.id),
            "name": .string(pokemon.name),
            "types": .array(pokemon.types.map(JSONValue.string)),
            "sprite": .string("/sprites/\(pokemon.id).png"),
        ]
    }

    /// A set of ids as an object, so a star toggle is one `add` or `remove` of its key.
    static func favorites(_ ids: Set<Int>) -> JSONValue {
        .object(JSONObject(uniqueKeysWithValues: ids.sorted().map { (String($0), JSONValue.bool(true)) }))
    }

    static func destination(_ destination: AppFeature.Destination.State) -> JSONValue {
        switch destination {
        case let .detail(state): ["detail": detail(state)]
        }
    }

    static func stackEntry(_ entry: (id: StackElementID, element: AppFeature.Path.State)) -> JSONValue {
        switch entry.element {
        case let .detail(state):
            ["id": .int(entry.id.rawValue), "detail": detail(state)]
        case let .type(state):
            [
                "id": .int(entry.id.rawValue),
                "type": [
                    "name": .string(state.type),
                    "status": status(state.members),
                    "error": error(state.members),
                    "pokemon": .array((state.members.value ?? []).map(row)),
                ],
            ]
        }
    }

    static func detail(_ state: PokemonDetailFeature.State) -> JSONValue {
        [
            "pokemon": row(state.pokemon),
            "status": status(state.detail),
            "error": error(state.detail),
            "info": state.detail.value.map(info) ?? .null,
        ]
    }

    static func info(_ detail: PokemonDetail) -> JSONValue {
        [
            "height": .int(detail.height),
            "weight": .int(detail.weight),
            "baseExperience": JSONValue(detail.baseExperience),
            "genus": JSONValue(detail.genus),
            "abilities": .array(detail.abilities.map { ["name": .string($0.name), "hidden": .bool($0.isHidden)] }),
            "stats": .array(detail.stats.map { ["name": .string($0.name), "base": .int($0.base)] }),
        ]
    }

    static func status<T>(_ load: LoadState<T>) -> JSONValue {
        switch load {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }

    static func error<T>(_ load: LoadState<T>) -> JSONValue {
        if case let .failed(message) = load { return .string(message) }
        return .null
    }
}
