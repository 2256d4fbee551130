import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// Every `AppFeature.Action` as JSON and back, for recordings: `{"case": payload}`, nested
/// as the actions are (`{"list":{"pageLoaded":{"offset":0,"page":{…}}}}`). A browser's
/// actions are recorded as their frames instead; this encodes what the Store and its effects
/// send. Two cases carry what JSON cannot say (a binding's key path, a pushed screen's state):
/// they are written as `{"opaque": description}` and cannot be replayed.
enum ActionCodec {
    typealias Action = AppFeature.Action

    static func encode(_ action: Action) -> JSONValue {
        switch action {
        case .onAppear: tag("onAppear")
        case let .list(action): tag("list", encode(action))
        case let .destination(.presented(action)): tag("destination", tag("presented", encode(action)))
        case .destination(.dismiss): tag("destination", tag("dismiss"))
        case let .path(.element(id, action)): tag("path", tag("element", ["id": .int(id.rawValue), "action": encode(action)]))
        case let .path(.popFrom(id)): tag("path", tag("popFrom", ["id": .int(id.rawValue)]))
        case .path(.push): opaque(action)
        case let .navigate(route): tag("navigate", ["route": .string(route)])
        case .dismissNotice: tag("dismissNotice")
        case .favoritesTapped: tag("favoritesTapped")
        case let .selectList(id): tag("selectList", ["id": .string(id)])
        case let .rename(name): tag("rename", ["name": .string(name)])
        case let .renamed(user): tag("renamed", ModelCodec.encode(user))
        case let .joined(list): tag("joined", ModelCodec.encode(list))
        case let .favoritesFailed(message): tag("favoritesFailed", ["message": .string(message)])
        case let .favoriteSet(listID, id, on): tag("favoriteSet", ["listID": .string(listID), "id": .int(id), "on": .bool(on)])
        case let .listAccessLost(listID, listName, loss):
            tag("listAccessLost", ["listID": .string(listID), "listName": .string(listName), "loss": .string(name(of: loss))])
        case let .alert(action): tag("alert", encode(action))
        case let .setLocale(locale): tag("setLocale", ["locale": .string(locale.rawValue)])
        case .undo: tag("undo")
        case let .undone(star): tag("undone", ["star": star.map(ModelCodec.encode) ?? .null])
        case let .lists(action): tag("lists", encode(action))
        case let .account(action): tag("account", encode(action))
        }
    }

    static func decode(_ json: JSONValue) throws(RecordingError) -> Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "list": return .list(try decodeList(payload))
        case "destination":
            let (inner, value) = try untag(payload)
            switch inner {
            case "dismiss": return .destination(.dismiss)
            case "presented": return .destination(.presented(try decodeDestination(value)))
            default: throw unknown("destination", inner)
            }
        case "path":
            let (inner, value) = try untag(payload)
            let id = StackElementID(try ModelCodec.int(value, "id"))
            switch inner {
            case "element": return .path(.element(id: id, action: try decodePath(ModelCodec.field(value, "action"))))
            case "popFrom": return .path(.popFrom(id: id))
            default: throw unknown("path", inner)
            }
        case "navigate": return .navigate(route: try ModelCodec.string(payload, "route"))
        case "dismissNotice": return .dismissNotice
        case "favoritesTapped": return .favoritesTapped
        case "selectList": return .selectList(id: try ModelCodec.string(payload, "id"))
        case "rename": return .rename(try ModelCodec.string(payload, "name"))
        case "renamed": return .renamed(try ModelCodec.user(payload))
        case "joined": return .joined(try ModelCodec.list(payload))
        case "favoritesFailed": return .favoritesFailed(try ModelCodec.string(payload, "message"))
        case "favoriteSet":
            return .favoriteSet(listID: try ModelCodec.string(payload, "listID"), id: try ModelCodec.int(payload, "id"), on: try ModelCodec.bool(payload, "on"))
        case "listAccessLost":
            let loss: ListAccessLoss = switch try ModelCodec.string(payload, "loss") {
            case "left": .left
            case "deleted": .deleted
            default: .removed
            }
            return .listAccessLost(listID: try ModelCodec.string(payload, "listID"), listName: try ModelCodec.string(payload, "listName"), loss)
        case "alert": return .alert(try decodeAlert(payload))
        case "setLocale": return .setLocale(try ModelCodec.raw(payload, "locale"))
        case "undo": return .undo
        case "undone":
            let star = try ModelCodec.field(payload, "star")
            return .undone(star.isNull ? nil : try ModelCodec.undoneStar(star))
        case "lists": return .lists(try decodeLists(payload))
        case "account": return .account(try decodeAccount(payload))
        case "opaque": throw RecordingError("action \(payload.stringValue ?? "?") was recorded as a description only and cannot be replayed")
        default: throw unknown("app", name)
        }
    }

    // MARK: Features

    static func encode(_ action: PokemonListFeature.Action) -> JSONValue {
        switch action {
        case .onAppear: tag("onAppear")
        case .reachedEnd: tag("reachedEnd")
        case .retryTapped: tag("retryTapped")
        case let .binding(binding):
            if let search = binding.value(for: \.search) {
                tag("binding", ["search": .string(search)])
            } else if let type = binding.value(for: \.typeFilter) {
                tag("binding", ["type": JSONValue(type)])
            } else {
                opaque(binding)
            }
        case .searchDebounced: tag("searchDebounced")
        case let .pageLoaded(offset, page): tag("pageLoaded", ["offset": .int(offset), "page": ModelCodec.encode(page)])
        case let .pageFailed(offset, message): tag("pageFailed", ["offset": .int(offset), "message": .string(message)])
        case let .rowTapped(pokemon): tag("rowTapped", ModelCodec.encode(pokemon))
        case let .localeChanged(locale): tag("localeChanged", ["locale": .string(locale.rawValue)])
        }
    }

    static func decodeList(_ json: JSONValue) throws(RecordingError) -> PokemonListFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "reachedEnd": return .reachedEnd
        case "retryTapped": return .retryTapped
        case "binding":
            if let type = payload["type"] { return .binding(.set(\.typeFilter, type.stringValue)) }
            return .binding(.set(\.search, try ModelCodec.string(payload, "search")))
        case "searchDebounced": return .searchDebounced
        case "pageLoaded": return .pageLoaded(offset: try ModelCodec.int(payload, "offset"), try ModelCodec.page(ModelCodec.field(payload, "page")))
        case "pageFailed": return .pageFailed(offset: try ModelCodec.int(payload, "offset"), try ModelCodec.string(payload, "message"))
        case "rowTapped": return .rowTapped(try ModelCodec.pokemon(payload))
        case "localeChanged": return .localeChanged(try ModelCodec.raw(payload, "locale"))
        case "opaque": throw RecordingError("list action \(payload.stringValue ?? "?") cannot be replayed")
        default: throw unknown("list", name)
        }
    }

    static func encode(_ action: AppFeature.Destination.Action) -> JSONValue {
        switch action {
        case let .detail(action): tag("detail", encode(action))
        case let .favorites(action): tag("favorites", encode(action))
        }
    }

    static func decodeDestination(_ json: JSONValue) throws(RecordingError) -> AppFeature.Destination.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "detail": return .detail(try decodeDetail(payload))
        case "favorites": return .favorites(try decodeFavorites(payload))
        default: throw unknown("destination", name)
        }
    }

    static func encode(_ action: AppFeature.Path.Action) -> JSONValue {
        switch action {
        case let .type(action): tag("type", encode(action))
        case let .detail(action): tag("detail", encode(action))
        }
    }

    static func decodePath(_ json: JSONValue) throws(RecordingError) -> AppFeature.Path.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "type": return .type(try decodeType(payload))
        case "detail": return .detail(try decodeDetail(payload))
        default: throw unknown("path element", name)
        }
    }

    static func encode(_ action: PokemonDetailFeature.Action) -> JSONValue {
        switch action {
        case .onAppear: tag("onAppear")
        case .retryTapped: tag("retryTapped")
        case let .detailLoaded(detail): tag("detailLoaded", ModelCodec.encode(detail))
        case let .detailFailed(message): tag("detailFailed", ["message": .string(message)])
        case .closeTapped: tag("closeTapped")
        case let .typeTapped(type): tag("typeTapped", ["type": .string(type)])
        case let .localeChanged(locale): tag("localeChanged", ["locale": .string(locale.rawValue)])
        case let .delegate(.showType(type)): tag("delegate", tag("showType", ["type": .string(type)]))
        }
    }

    static func decodeDetail(_ json: JSONValue) throws(RecordingError) -> PokemonDetailFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "retryTapped": return .retryTapped
        case "detailLoaded": return .detailLoaded(try ModelCodec.detail(payload))
        case "detailFailed": return .detailFailed(try ModelCodec.string(payload, "message"))
        case "closeTapped": return .closeTapped
        case "typeTapped": return .typeTapped(try ModelCodec.string(payload, "type"))
        case "localeChanged": return .localeChanged(try ModelCodec.raw(payload, "locale"))
        case "delegate": return .delegate(.showType(try ModelCodec.string(untag(payload).payload, "type")))
        default: throw unknown("detail", name)
        }
    }

    static func encode(_ action: PokemonTypeFeature.Action) -> JSONValue {
        switch action {
        case .onAppear: tag("onAppear")
        case .retryTapped: tag("retryTapped")
        case let .membersLoaded(members): tag("membersLoaded", ["members": .array(members.map(ModelCodec.encode))])
        case let .membersFailed(message): tag("membersFailed", ["message": .string(message)])
        case let .rowTapped(pokemon): tag("rowTapped", ModelCodec.encode(pokemon))
        case let .localeChanged(locale): tag("localeChanged", ["locale": .string(locale.rawValue)])
        case let .delegate(.showPokemon(pokemon)): tag("delegate", tag("showPokemon", ModelCodec.encode(pokemon)))
        }
    }

    static func decodeType(_ json: JSONValue) throws(RecordingError) -> PokemonTypeFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "retryTapped": return .retryTapped
        case "membersLoaded": return .membersLoaded(try ModelCodec.map(ModelCodec.array(payload, "members"), ModelCodec.pokemon))
        case "membersFailed": return .membersFailed(try ModelCodec.string(payload, "message"))
        case "rowTapped": return .rowTapped(try ModelCodec.pokemon(payload))
        case "localeChanged": return .localeChanged(try ModelCodec.raw(payload, "locale"))
        case "delegate": return .delegate(.showPokemon(try ModelCodec.pokemon(untag(payload).payload)))
        default: throw unknown("type", name)
        }
    }

    static func encode(_ action: FavoritesFeature.Action) -> JSONValue {
        switch action {
        case .onAppear: tag("onAppear")
        case let .rowTapped(id): tag("rowTapped", ["id": .int(id)])
        case let .inviteTapped(role, options): tag("inviteTapped", ["role": .string(role.rawValue), "options": ModelCodec.encode(options)])
        case .moreMembersTapped: tag("moreMembersTapped")
        case let .inviteCreated(invite): tag("inviteCreated", ["role": .string(invite.role.rawValue), "code": .string(invite.code)])
        case .inviteDismissed: tag("inviteDismissed")
        case let .revokeInviteTapped(id): tag("revokeInviteTapped", ["id": .string(id)])
        case let .removeMemberTapped(userID): tag("removeMemberTapped", ["userID": .string(userID)])
        case .leaveTapped: tag("leaveTapped")
        case let .failed(message): tag("failed", ["message": .string(message)])
        case let .intentFailed(.invite(role, options), message):
            tag("intentFailed", ["invite": ["role": .string(role.rawValue), "options": ModelCodec.encode(options)], "message": .string(message)])
        case let .intentFailed(.revokeInvite(id), message):
            tag("intentFailed", ["revokeInvite": .string(id), "message": .string(message)])
        case .retryTapped: tag("retryTapped")
        case let .localeChanged(locale): tag("localeChanged", ["locale": .string(locale.rawValue)])
        case let .sortChanged(sort): tag("sortChanged", ["sort": .string(sort.rawValue)])
        case let .delegate(.showPokemon(id)): tag("delegate", tag("showPokemon", ["id": .int(id)]))
        case let .delegate(.confirmRemoval(userID)): tag("delegate", tag("confirmRemoval", ["userID": .string(userID)]))
        case .delegate(.confirmLeave): tag("delegate", tag("confirmLeave"))
        }
    }

    static func decodeFavorites(_ json: JSONValue) throws(RecordingError) -> FavoritesFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "rowTapped": return .rowTapped(id: try ModelCodec.int(payload, "id"))
        case "inviteTapped":
            return .inviteTapped(try ModelCodec.raw(payload, "role"), try ModelCodec.inviteOptions(ModelCodec.field(payload, "options")))
        case "moreMembersTapped": return .moreMembersTapped
        case "inviteCreated": return .inviteCreated(.init(role: try ModelCodec.raw(payload, "role"), code: try ModelCodec.string(payload, "code")))
        case "inviteDismissed": return .inviteDismissed
        case "revokeInviteTapped": return .revokeInviteTapped(id: try ModelCodec.string(payload, "id"))
        case "removeMemberTapped": return .removeMemberTapped(userID: try ModelCodec.string(payload, "userID"))
        case "leaveTapped": return .leaveTapped
        case "failed": return .failed(try ModelCodec.string(payload, "message"))
        case "intentFailed":
            let message = try ModelCodec.string(payload, "message")
            if let invite = payload["invite"] {
                return .intentFailed(.invite(try ModelCodec.raw(invite, "role"), try ModelCodec.inviteOptions(ModelCodec.field(invite, "options"))), message)
            }
            return .intentFailed(.revokeInvite(id: try ModelCodec.string(payload, "revokeInvite")), message)
        case "retryTapped": return .retryTapped
        case "localeChanged": return .localeChanged(try ModelCodec.raw(payload, "locale"))
        case "sortChanged": return .sortChanged(try ModelCodec.raw(payload, "sort"))
        case "delegate":
            let (inner, value) = try untag(payload)
            switch inner {
            case "showPokemon": return .delegate(.showPokemon(id: try ModelCodec.int(value, "id")))
            case "confirmRemoval": return .delegate(.confirmRemoval(userID: try ModelCodec.string(value, "userID")))
            case "confirmLeave": return .delegate(.confirmLeave)
            default: throw unknown("favorites delegate", inner)
            }
        default: throw unknown("favorites", name)
        }
    }

    static func encode(_ action: AppFeature.Action.AlertAction) -> JSONValue {
        switch action {
        case .confirm: tag("confirm")
        case .cancel: tag("cancel")
        }
    }

    static func decodeAlert(_ json: JSONValue) throws(RecordingError) -> AppFeature.Action.AlertAction {
        let (name, _) = try untag(json)
        switch name {
        case "confirm": return .confirm
        case "cancel": return .cancel
        default: throw unknown("alert", name)
        }
    }

    static func encode(_ action: ListsFeature.Action) -> JSONValue {
        switch action {
        case let .create(name): tag("create", ["name": .string(name)])
        case let .rename(id, name): tag("rename", ["id": .string(id), "name": .string(name)])
        case let .delete(id): tag("delete", ["id": .string(id)])
        case let .setRole(member, role): tag("setRole", ["member": .string(member), "role": .string(role.rawValue)])
        case let .transferOwnership(member): tag("transferOwnership", ["member": .string(member)])
        case let .askToRemove(member): tag("askToRemove", ["member": .string(member)])
        case .askToLeave: tag("askToLeave")
        case let .created(list): tag("created", ModelCodec.encode(list))
        case let .alert(action): tag("alert", encode(action))
        case let .delegate(.activate(listID)): tag("delegate", tag("activate", ["listID": .string(listID)]))
        case let .delegate(.left(listID)): tag("delegate", tag("left", ["listID": .string(listID)]))
        case let .delegate(.failed(message)): tag("delegate", tag("failed", ["message": .string(message)]))
        }
    }

    static func decodeLists(_ json: JSONValue) throws(RecordingError) -> ListsFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "create": return .create(name: try ModelCodec.string(payload, "name"))
        case "rename": return .rename(id: try ModelCodec.string(payload, "id"), name: try ModelCodec.string(payload, "name"))
        case "delete": return .delete(id: try ModelCodec.string(payload, "id"))
        case "setRole": return .setRole(member: try ModelCodec.string(payload, "member"), role: try ModelCodec.raw(payload, "role"))
        case "transferOwnership": return .transferOwnership(member: try ModelCodec.string(payload, "member"))
        case "askToRemove": return .askToRemove(member: try ModelCodec.string(payload, "member"))
        case "askToLeave": return .askToLeave
        case "created": return .created(try ModelCodec.list(payload))
        case "alert": return .alert(try decodeAlert(payload))
        case "delegate":
            let (inner, value) = try untag(payload)
            switch inner {
            case "activate": return .delegate(.activate(listID: try ModelCodec.string(value, "listID")))
            case "left": return .delegate(.left(listID: try ModelCodec.string(value, "listID")))
            case "failed": return .delegate(.failed(try ModelCodec.string(value, "message")))
            default: throw unknown("lists delegate", inner)
            }
        default: throw unknown("lists", name)
        }
    }

    static func encode(_ action: AccountFeature.Action) -> JSONValue {
        switch action {
        case .createSignInCode: tag("createSignInCode")
        case let .signInCodeCreated(code): tag("signInCodeCreated", ModelCodec.encode(code))
        case .signInDismissed: tag("signInDismissed")
        case .signOut: tag("signOut")
        case .signOutEverywhere: tag("signOutEverywhere")
        case .reportProblem: tag("reportProblem")
        case let .problemReported(report): tag("problemReported", ["reference": .string(report.reference)])
        case .problemReportDismissed: tag("problemReportDismissed")
        }
    }

    static func decodeAccount(_ json: JSONValue) throws(RecordingError) -> AccountFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "createSignInCode": return .createSignInCode
        case "signInCodeCreated": return .signInCodeCreated(try ModelCodec.signInCode(payload))
        case "signInDismissed": return .signInDismissed
        case "signOut": return .signOut
        case "signOutEverywhere": return .signOutEverywhere
        case "reportProblem": return .reportProblem
        case "problemReported": return .problemReported(ProblemReport(reference: try ModelCodec.string(payload, "reference")))
        case "problemReportDismissed": return .problemReportDismissed
        default: throw unknown("account", name)
        }
    }

    // MARK: Shape

    private static func tag(_ name: String, _ payload: JSONValue = .object(JSONObject())) -> JSONValue {
        .object(JSONObject(uniqueKeysWithValues: [(name, payload)]))
    }

    private static func opaque(_ value: Any) -> JSONValue {
        tag("opaque", .string(String(describing: value)))
    }

    private static func untag(_ json: JSONValue) throws(RecordingError) -> (name: String, payload: JSONValue) {
        guard let object = json.objectValue, object.count == 1, let member = object.members.first else {
            throw RecordingError("an action is an object of one member: \(json.jsonString)")
        }
        return (member.key, member.value)
    }

    private static func unknown(_ level: String, _ name: String) -> RecordingError {
        RecordingError("unknown \(level) action '\(name)'")
    }

    private static func name(of loss: ListAccessLoss) -> String {
        switch loss {
        case .left: "left"
        case .removed: "removed"
        case .deleted: "deleted"
        }
    }
}
