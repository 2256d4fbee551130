import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// The actions the Store and its effects send, as JSON and back, for recordings:
/// `{"case": payload}`, nested as the actions are (`{"list":{"pageLoaded":{"offset":0,"page":{…}}}}`).
///
/// Only those: an action a browser may send is the wire contract's (`ActionTable`), recorded as
/// its frame and decoded by the table (`ActionDecoder`), so the table stays its one
/// description. Neither the Store nor an effect sends one; should one ever, it is written
/// `{"opaque": description}` (as is a pushed screen's state, which JSON cannot carry), which a
/// replay compares as text and cannot decode. Adding a browser
/// action thus needs nothing here; adding an effect's result needs its case here.
enum ActionCodec {
    typealias Action = AppFeature.Action

    static func encode(_ action: Action) -> JSONValue {
        internalEncoding(action) ?? opaque(action)
    }

    /// nil for an action of the wire contract (or one JSON cannot carry).
    private static func internalEncoding(_ action: Action) -> JSONValue? {
        switch action {
        case .onAppear: tag("onAppear")
        case let .list(action): encode(action).map { tag("list", $0) }
        case let .destination(.presented(action)): encode(action).map { tag("destination", tag("presented", $0)) }
        case let .path(.element(id, action)): encode(action).map { tag("path", tag("element", ["id": .int(id.rawValue), "action": $0])) }
        case let .renamed(user): tag("renamed", ModelCodec.encode(user))
        case let .joined(list): tag("joined", ModelCodec.encode(list))
        case let .favoritesFailed(message): tag("favoritesFailed", ["message": .string(message)])
        case let .listAccessLost(listID, listName, loss):
            tag("listAccessLost", ["listID": .string(listID), "listName": .string(listName), "loss": .string(name(of: loss))])
        case let .undone(star): tag("undone", ["star": star.map(ModelCodec.encode) ?? .null])
        case let .lists(action): encode(action).map { tag("lists", $0) }
        case let .account(action): encode(action).map { tag("account", $0) }
        default: nil
        }
    }

    static func decode(_ json: JSONValue) throws(RecordingError) -> Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "list": return .list(try decodeList(payload))
        case "destination":
            let (inner, value) = try untag(payload)
            guard inner == "presented" else { throw unknown("destination", inner) }
            return .destination(.presented(try decodeDestination(value)))
        case "path":
            let (inner, value) = try untag(payload)
            guard inner == "element" else { throw unknown("path", inner) }
            return .path(.element(id: StackElementID(try ModelCodec.int(value, "id")), action: try decodePath(ModelCodec.field(value, "action"))))
        case "renamed": return .renamed(try ModelCodec.user(payload))
        case "joined": return .joined(try ModelCodec.list(payload))
        case "favoritesFailed": return .favoritesFailed(try ModelCodec.string(payload, "message"))
        case "listAccessLost":
            let loss: ListAccessLoss = switch try ModelCodec.string(payload, "loss") {
            case "left": .left
            case "deleted": .deleted
            default: .removed
            }
            return .listAccessLost(listID: try ModelCodec.string(payload, "listID"), listName: try ModelCodec.string(payload, "listName"), loss)
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

    static func encode(_ action: PokemonListFeature.Action) -> JSONValue? {
        switch action {
        case .onAppear: tag("onAppear")
        case .searchDebounced: tag("searchDebounced")
        case let .pageLoaded(offset, page): tag("pageLoaded", ["offset": .int(offset), "page": ModelCodec.encode(page)])
        case let .pageFailed(offset, message): tag("pageFailed", ["offset": .int(offset), "message": .string(message)])
        case let .localeChanged(locale): tag("localeChanged", ["locale": .string(locale.rawValue)])
        case .reachedEnd, .retryTapped, .binding, .rowTapped: nil
        }
    }

    static func decodeList(_ json: JSONValue) throws(RecordingError) -> PokemonListFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "searchDebounced": return .searchDebounced
        case "pageLoaded": return .pageLoaded(offset: try ModelCodec.int(payload, "offset"), try ModelCodec.page(ModelCodec.field(payload, "page")))
        case "pageFailed": return .pageFailed(offset: try ModelCodec.int(payload, "offset"), try ModelCodec.string(payload, "message"))
        case "localeChanged": return .localeChanged(try ModelCodec.raw(payload, "locale"))
        default: throw unknown("list", name)
        }
    }

    static func encode(_ action: AppFeature.Destination.Action) -> JSONValue? {
        switch action {
        case let .detail(action): encode(action).map { tag("detail", $0) }
        case let .favorites(action): encode(action).map { tag("favorites", $0) }
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

    static func encode(_ action: AppFeature.Path.Action) -> JSONValue? {
        switch action {
        case let .type(action): encode(action).map { tag("type", $0) }
        case let .detail(action): encode(action).map { tag("detail", $0) }
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

    static func encode(_ action: PokemonDetailFeature.Action) -> JSONValue? {
        switch action {
        case .onAppear: tag("onAppear")
        case let .detailLoaded(detail): tag("detailLoaded", ModelCodec.encode(detail))
        case let .detailFailed(message): tag("detailFailed", ["message": .string(message)])
        case .retryTapped, .closeTapped, .typeTapped: nil
        case let .localeChanged(locale): tag("localeChanged", ["locale": .string(locale.rawValue)])
        case let .delegate(.showType(type)): tag("delegate", tag("showType", ["type": .string(type)]))
        }
    }

    static func decodeDetail(_ json: JSONValue) throws(RecordingError) -> PokemonDetailFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "detailLoaded": return .detailLoaded(try ModelCodec.detail(payload))
        case "detailFailed": return .detailFailed(try ModelCodec.string(payload, "message"))
        case "localeChanged": return .localeChanged(try ModelCodec.raw(payload, "locale"))
        case "delegate": return .delegate(.showType(try ModelCodec.string(untag(payload).payload, "type")))
        default: throw unknown("detail", name)
        }
    }

    static func encode(_ action: PokemonTypeFeature.Action) -> JSONValue? {
        switch action {
        case .onAppear: tag("onAppear")
        case let .membersLoaded(members): tag("membersLoaded", ["members": .array(members.map(ModelCodec.encode))])
        case let .membersFailed(message): tag("membersFailed", ["message": .string(message)])
        case .retryTapped, .rowTapped: nil
        case let .localeChanged(locale): tag("localeChanged", ["locale": .string(locale.rawValue)])
        case let .delegate(.showPokemon(pokemon)): tag("delegate", tag("showPokemon", ModelCodec.encode(pokemon)))
        }
    }

    static func decodeType(_ json: JSONValue) throws(RecordingError) -> PokemonTypeFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "membersLoaded": return .membersLoaded(try ModelCodec.map(ModelCodec.array(payload, "members"), ModelCodec.pokemon))
        case "membersFailed": return .membersFailed(try ModelCodec.string(payload, "message"))
        case "localeChanged": return .localeChanged(try ModelCodec.raw(payload, "locale"))
        case "delegate": return .delegate(.showPokemon(try ModelCodec.pokemon(untag(payload).payload)))
        default: throw unknown("type", name)
        }
    }

    static func encode(_ action: FavoritesFeature.Action) -> JSONValue? {
        switch action {
        case .onAppear: tag("onAppear")
        case let .inviteCreated(invite): tag("inviteCreated", ["role": .string(invite.role.rawValue), "code": .string(invite.code)])
        case .rowTapped, .inviteTapped, .moreMembersTapped, .inviteDismissed, .revokeInviteTapped, .removeMemberTapped, .leaveTapped,
             .retryTapped, .sortChanged:
            nil
        case let .failed(message): tag("failed", ["message": .string(message)])
        case let .intentFailed(.invite(role, options), message):
            tag("intentFailed", ["invite": ["role": .string(role.rawValue), "options": ModelCodec.encode(options)], "message": .string(message)])
        case let .intentFailed(.revokeInvite(id), message):
            tag("intentFailed", ["revokeInvite": .string(id), "message": .string(message)])
        case let .localeChanged(locale): tag("localeChanged", ["locale": .string(locale.rawValue)])
        case let .delegate(.showPokemon(id)): tag("delegate", tag("showPokemon", ["id": .int(id)]))
        case let .delegate(.confirmRemoval(userID)): tag("delegate", tag("confirmRemoval", ["userID": .string(userID)]))
        case .delegate(.confirmLeave): tag("delegate", tag("confirmLeave"))
        }
    }

    static func decodeFavorites(_ json: JSONValue) throws(RecordingError) -> FavoritesFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "onAppear": return .onAppear
        case "inviteCreated": return .inviteCreated(.init(role: try ModelCodec.raw(payload, "role"), code: try ModelCodec.string(payload, "code")))
        case "failed": return .failed(try ModelCodec.string(payload, "message"))
        case "intentFailed":
            let message = try ModelCodec.string(payload, "message")
            if let invite = payload["invite"] {
                return .intentFailed(.invite(try ModelCodec.raw(invite, "role"), try ModelCodec.inviteOptions(ModelCodec.field(invite, "options"))), message)
            }
            return .intentFailed(.revokeInvite(id: try ModelCodec.string(payload, "revokeInvite")), message)
        case "localeChanged": return .localeChanged(try ModelCodec.raw(payload, "locale"))
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

    static func encode(_ action: ListsFeature.Action) -> JSONValue? {
        switch action {
        case .create, .rename, .delete, .setRole, .transferOwnership: nil
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

    static func encode(_ action: AccountFeature.Action) -> JSONValue? {
        switch action {
        case let .signInCodeCreated(code): tag("signInCodeCreated", ModelCodec.encode(code))
        case let .problemReported(report): tag("problemReported", ["reference": .string(report.reference)])
        case .createSignInCode, .signInDismissed, .signOut, .signOutEverywhere, .reportProblem, .problemReportDismissed: nil
        }
    }

    static func decodeAccount(_ json: JSONValue) throws(RecordingError) -> AccountFeature.Action {
        let (name, payload) = try untag(json)
        switch name {
        case "signInCodeCreated": return .signInCodeCreated(try ModelCodec.signInCode(payload))
        case "problemReported": return .problemReported(ProblemReport(reference: try ModelCodec.string(payload, "reference")))
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
