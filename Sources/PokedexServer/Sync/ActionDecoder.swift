import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// Reads a browser's action (docs/PROTOCOL.md, "Actions") into an `AppFeature.Action`.
/// Rows are named by id and looked up in the session's state, so a client cannot invent one;
/// Pokémon named by id must be in the data source's `pokemonIDs`; fields are bounded by
/// `ActionLimits`.
enum ActionDecoder {
    static func decode(
        _ json: JSONValue, in state: AppFeature.State, pokemonIDs: PokemonIDs
    ) throws(ProtocolError) -> AppFeature.Action {
        let action = try ActionPath(json)
        switch action.case {
        case "list": return .list(try list(action.nested(), state: state, pokemonIDs: pokemonIDs))
        case "destination": return .destination(try destination(action.nested(), state: state, pokemonIDs: pokemonIDs))
        case "path": return .path(try path(action.nested(), state: state, pokemonIDs: pokemonIDs))
        case "navigate": return .navigate(route: try action.string("route"))
        case "dismissNotice": return .dismissNotice
        case "favoritesTapped": return .favoritesTapped
        case "selectList": return .selectList(id: try ActionLimits.id(action, "id"))
        case "rename": return .rename(try action.string("name"))
        case "setLocale":
            let tag = try action.string("locale")
            guard let locale = AppLocale(rawValue: tag) else {
                let known = AppLocale.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                throw ProtocolError(.badAction, "Unknown locale '\(tag.prefix(40))': the Pokédex speaks \(known).")
            }
            return .setLocale(locale)
        case "alert":
            let answer = try action.nested()
            switch answer.case {
            case "confirm": return .alert(.confirm)
            case "cancel": return .alert(.cancel)
            default: throw answer.unknownCase()
            }
        default: throw action.unknownCase()
        }
    }

    static func list(
        _ action: ActionPath, state: AppFeature.State, pokemonIDs: PokemonIDs
    ) throws(ProtocolError) -> PokemonListFeature.Action {
        switch action.case {
        case "reachedEnd": return .reachedEnd
        case "retryTapped": return .retryTapped
        case "rowTapped":
            let id = try action.int("id")
            guard let pokemon = state.list.rows[id: id] else { throw noRow(id, action) }
            return .rowTapped(pokemon)
        case "favoriteTapped": return .favoriteTapped(id: try ActionLimits.pokemonID(action, "id", in: pokemonIDs))
        case "binding":
            if action.contains("search") {
                return .binding(.set(\.search, try ActionLimits.search(action.string("search"))))
            }
            if action.contains("type") {
                let type = try action.optionalString("type")
                if let type, !PokemonTypes.all.contains(type) {
                    throw ProtocolError(.badAction, "Unknown type '\(type)'.")
                }
                return .binding(.set(\.typeFilter, type))
            }
            throw ProtocolError(.badAction, "Action 'list.binding' binds 'search' or 'type'.")
        default: throw action.unknownCase()
        }
    }

    static func destination(
        _ action: ActionPath, state: AppFeature.State, pokemonIDs: PokemonIDs
    ) throws(ProtocolError) -> PresentationAction<AppFeature.Destination.Action> {
        switch action.case {
        case "dismiss": return .dismiss
        case "presented":
            let presented = try action.nested()
            switch presented.case {
            case "detail": return .presented(.detail(try detail(presented.nested())))
            case "favorites": return .presented(.favorites(try favorites(presented.nested(), pokemonIDs: pokemonIDs)))
            default: throw presented.unknownCase()
            }
        default: throw action.unknownCase()
        }
    }

    static func detail(_ action: ActionPath) throws(ProtocolError) -> PokemonDetailFeature.Action {
        switch action.case {
        case "closeTapped": return .closeTapped
        case "favoriteTapped": return .favoriteTapped
        case "retryTapped": return .retryTapped
        case "typeTapped":
            let type = try action.string("type")
            guard PokemonTypes.all.contains(type) else { throw ProtocolError(.badAction, "Unknown type '\(type)'.") }
            return .typeTapped(type)
        default: throw action.unknownCase()
        }
    }

    static func favorites(_ action: ActionPath, pokemonIDs: PokemonIDs) throws(ProtocolError) -> FavoritesFeature.Action {
        switch action.case {
        case "rowTapped": return .rowTapped(id: try ActionLimits.pokemonID(action, "id", in: pokemonIDs))
        case "inviteTapped":
            let role = try action.string("role")
            guard let listRole = ListRole(rawValue: role), listRole != .owner else {
                throw ProtocolError(.badAction, "An invite grants 'editor' or 'viewer', not '\(role)'.")
            }
            return .inviteTapped(listRole)
        case "inviteDismissed": return .inviteDismissed
        case "revokeInviteTapped": return .revokeInviteTapped(id: try ActionLimits.id(action, "id"))
        case "removeMemberTapped": return .removeMemberTapped(userID: try ActionLimits.id(action, "id"))
        case "leaveTapped": return .leaveTapped
        case "retryTapped": return .retryTapped
        default: throw action.unknownCase()
        }
    }

    static func path(
        _ action: ActionPath, state: AppFeature.State, pokemonIDs: PokemonIDs
    ) throws(ProtocolError) -> StackAction<AppFeature.Path.State, AppFeature.Path.Action> {
        switch action.case {
        case "popFrom": return .popFrom(id: StackElementID(try action.int("id")))
        case "element":
            let id = StackElementID(try action.int("id"))
            let element = try action.nested("action")
            switch element.case {
            case "detail":
                return .element(id: id, action: .detail(try detail(element.nested())))
            case "type":
                let typeAction = try element.nested()
                switch typeAction.case {
                case "retryTapped": return .element(id: id, action: .type(.retryTapped))
                case "favoriteTapped":
                    return .element(id: id, action: .type(.favoriteTapped(id: try ActionLimits.pokemonID(typeAction, "id", in: pokemonIDs))))
                case "rowTapped":
                    let rowID = try typeAction.int("id")
                    guard case let .type(screen) = state.path[id: id],
                          let pokemon = screen.members.value?.first(where: { $0.id == rowID })
                    else { throw noRow(rowID, typeAction) }
                    return .element(id: id, action: .type(.rowTapped(pokemon)))
                default: throw typeAction.unknownCase()
                }
            default: throw element.unknownCase()
            }
        default: throw action.unknownCase()
        }
    }

    private static func noRow(_ id: Int, _ action: ActionPath) -> ProtocolError {
        ProtocolError(.badAction, "Action '\(action.name)': no row with id \(id) is on screen.")
    }
}
