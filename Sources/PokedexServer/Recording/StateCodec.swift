import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// A Store's whole state as JSON and back, for a recording that does not begin at the
/// session's start (one begun on consent): the replay starts from it. Every field a reducer
/// keeps is written (not only what the projection shows); shared values are written as the
/// state saw them and read back into the references the replay holds (`favorites` for the
/// active list on every screen, `lists`). Secrets are redacted by the caller (`Redaction`),
/// the pending invite's code here.
enum StateCodec {
    typealias State = AppFeature.State

    /// `shared`: the shared values as they were when `state` was (a reference's value moves on).
    static func encode(_ state: State, shared: SessionRecording.SharedValues? = nil) -> JSONValue {
        ModelCodec.object([
            ("list", encode(state.list)),
            ("destination", state.destination.map { encode($0, shared: shared) } ?? .null),
            ("path", .array(state.path.entries.map { ["id": .int($0.id.rawValue), "screen": encode($0.element)] })),
            ("notice", JSONValue(state.notice)),
            ("account", encode(state.account, lists: shared?.lists)),
            ("alert", state.alert.map(encode) ?? .null),
            ("pendingJoinCode", state.pendingJoinCode.map { _ in .string(Redaction.placeholder) } ?? .null),
            ("locale", .string(state.locale.rawValue)),
            ("favorites", .array((shared?.favorites ?? state.favorites.wrappedValue).sorted().map(JSONValue.int))),
        ])
    }

    static func decode(_ json: JSONValue, favorites: Shared<Set<Int>>, lists: Shared<[ListSummary]>) throws(RecordingError) -> State {
        // Absent from the first recordings that had a state: their start line's favorites hold.
        if let ids = json["favorites"]?.arrayValue { favorites.withLock { $0 = Set(ids.compactMap(\.intValue)) } }
        let account = try decodeAccount(ModelCodec.field(json, "account"), lists: lists)
        var state = State(account: account, favorites: favorites, locale: try ModelCodec.raw(json, "locale"))
        state.list = try decodeList(ModelCodec.field(json, "list"), favorites: favorites)
        let destination = try ModelCodec.field(json, "destination")
        if !destination.isNull { state.destination = try decodeDestination(destination, favorites: favorites) }
        var entries: [(id: StackElementID, element: AppFeature.Path.State)] = []
        for entry in try ModelCodec.array(json, "path") {
            entries.append((StackElementID(try ModelCodec.int(entry, "id")), try decodePath(ModelCodec.field(entry, "screen"), favorites: favorites)))
        }
        state.path = StackState(entries: entries)
        state.notice = json["notice"]?.stringValue
        let alert = try ModelCodec.field(json, "alert")
        if !alert.isNull { state.alert = try decodeAlert(alert) }
        state.pendingJoinCode = json["pendingJoinCode"]?.stringValue
        return state
    }

    // MARK: Screens

    static func encode(_ list: PokemonListFeature.State) -> JSONValue {
        [
            "rows": .array(list.rows.elements.map(ModelCodec.encode)), "loadState": encode(list.loadState) { .int($0) },
            "isLoadingMore": .bool(list.isLoadingMore), "loadMoreError": JSONValue(list.loadMoreError),
            "search": .string(list.search), "typeFilter": JSONValue(list.typeFilter), "locale": .string(list.locale.rawValue),
        ]
    }

    static func decodeList(_ json: JSONValue, favorites: Shared<Set<Int>>) throws(RecordingError) -> PokemonListFeature.State {
        var list = PokemonListFeature.State(favorites: favorites, locale: try ModelCodec.raw(json, "locale"))
        list.rows = IdentifiedArray(try ModelCodec.map(ModelCodec.array(json, "rows"), ModelCodec.pokemon))
        list.loadState = try decodeLoadState(ModelCodec.field(json, "loadState")) { value throws(RecordingError) in
            guard let total = value.intValue else { throw RecordingError("a total is a number: \(value.jsonString)") }
            return total
        }
        list.isLoadingMore = try ModelCodec.bool(json, "isLoadingMore")
        list.loadMoreError = json["loadMoreError"]?.stringValue
        list.search = try ModelCodec.string(json, "search")
        list.typeFilter = json["typeFilter"]?.stringValue
        return list
    }

    static func encode(_ destination: AppFeature.Destination.State, shared: SessionRecording.SharedValues? = nil) -> JSONValue {
        switch destination {
        case let .detail(detail): ["detail": encode(detail)]
        case let .favorites(view):
            ["favorites": ModelCodec.object([
                ("listID", .string(view.listID)), ("roster", view.roster.map { ModelCodec.encode(shared?.roster ?? $0.wrappedValue) } ?? .null),
                ("memberLimit", .int(view.memberLimit)),
                ("invite", view.invite.map { ["role": .string($0.role.rawValue), "code": .string($0.code)] } ?? .null),
                ("error", JSONValue(view.error)), ("failedIntent", view.failedIntent.map(encode) ?? .null),
                ("locale", .string(view.locale.rawValue)), ("activity", view.activity.map { ModelCodec.encode(shared?.activity ?? $0.wrappedValue) } ?? .null),
                ("sort", .string(view.sort.rawValue)),
            ])]
        }
    }

    static func decodeDestination(_ json: JSONValue, favorites: Shared<Set<Int>>) throws(RecordingError) -> AppFeature.Destination.State {
        if let detail = json["detail"] { return .detail(try decodeDetail(detail, favorites: favorites)) }
        let value = try ModelCodec.field(json, "favorites")
        var view = FavoritesFeature.State(listID: try ModelCodec.string(value, "listID"), locale: try ModelCodec.raw(value, "locale"))
        if let roster = value["roster"], !roster.isNull { view.roster = Shared(try ModelCodec.roster(roster)) }
        view.memberLimit = try ModelCodec.int(value, "memberLimit")
        if let invite = value["invite"], !invite.isNull {
            view.invite = .init(role: try ModelCodec.raw(invite, "role"), code: try ModelCodec.string(invite, "code"))
        }
        view.error = value["error"]?.stringValue
        if let intent = value["failedIntent"], !intent.isNull {
            if let invite = intent["invite"] {
                view.failedIntent = .invite(try ModelCodec.raw(invite, "role"), try ModelCodec.inviteOptions(ModelCodec.field(invite, "options")))
            } else {
                view.failedIntent = .revokeInvite(id: try ModelCodec.string(intent, "revokeInvite"))
            }
        }
        if let activity = value["activity"], !activity.isNull { view.activity = Shared(try ModelCodec.activity(activity)) }
        view.sort = try ModelCodec.raw(value, "sort")
        return .favorites(view)
    }

    static func encode(_ intent: FavoritesFeature.State.Intent) -> JSONValue {
        switch intent {
        case let .invite(role, options): ["invite": ["role": .string(role.rawValue), "options": ModelCodec.encode(options)]]
        case let .revokeInvite(id): ["revokeInvite": .string(id)]
        }
    }

    static func encode(_ screen: AppFeature.Path.State) -> JSONValue {
        switch screen {
        case let .detail(detail): ["detail": encode(detail)]
        case let .type(type):
            ["type": [
                "type": .string(type.type), "members": encode(type.members) { .array($0.map(ModelCodec.encode)) },
                "locale": .string(type.locale.rawValue),
            ]]
        }
    }

    static func decodePath(_ json: JSONValue, favorites: Shared<Set<Int>>) throws(RecordingError) -> AppFeature.Path.State {
        if let detail = json["detail"] { return .detail(try decodeDetail(detail, favorites: favorites)) }
        let value = try ModelCodec.field(json, "type")
        var type = PokemonTypeFeature.State(type: try ModelCodec.string(value, "type"), locale: try ModelCodec.raw(value, "locale"))
        type.members = try decodeLoadState(ModelCodec.field(value, "members")) { members throws(RecordingError) in
            try ModelCodec.map(members.arrayValue ?? [], ModelCodec.pokemon)
        }
        return .type(type)
    }

    static func encode(_ detail: PokemonDetailFeature.State) -> JSONValue {
        [
            "pokemon": ModelCodec.encode(detail.pokemon), "detail": encode(detail.detail) { ModelCodec.encode($0) },
            "locale": .string(detail.locale.rawValue),
        ]
    }

    static func decodeDetail(_ json: JSONValue, favorites: Shared<Set<Int>>) throws(RecordingError) -> PokemonDetailFeature.State {
        var detail = PokemonDetailFeature.State(
            pokemon: try ModelCodec.pokemon(ModelCodec.field(json, "pokemon")), favorites: favorites, locale: try ModelCodec.raw(json, "locale")
        )
        detail.detail = try decodeLoadState(ModelCodec.field(json, "detail"), ModelCodec.detail)
        return detail
    }

    // MARK: Account, alert, loads

    static func encode(_ account: Account, lists: [ListSummary]? = nil) -> JSONValue {
        ModelCodec.object([
            ("me", ModelCodec.encode(account.me)), ("lists", .array((lists ?? account.lists.wrappedValue).map(ModelCodec.encode))),
            ("activeListID", .string(account.activeListID)), ("signIn", account.signIn.map(ModelCodec.encode) ?? .null),
            ("problemReport", account.problemReport.map { ["reference": .string($0.reference)] } ?? .null),
        ])
    }

    static func decodeAccount(_ json: JSONValue, lists: Shared<[ListSummary]>) throws(RecordingError) -> Account {
        let summaries = try ModelCodec.map(ModelCodec.array(json, "lists"), ModelCodec.summary)
        lists.withLock { $0 = summaries }
        var account = Account(me: try ModelCodec.user(ModelCodec.field(json, "me")), lists: lists, activeListID: try ModelCodec.string(json, "activeListID"))
        if let signIn = json["signIn"], !signIn.isNull { account.signIn = try ModelCodec.signInCode(signIn) }
        if let report = json["problemReport"], !report.isNull { account.problemReport = ProblemReport(reference: try ModelCodec.string(report, "reference")) }
        return account
    }

    static func encode(_ alert: ConfirmationAlert) -> JSONValue {
        let intent: JSONValue = switch alert.intent {
        case let .removeMember(userID, listID): ["removeMember": ["userID": .string(userID), "listID": .string(listID)]]
        case let .leave(listID): ["leave": ["listID": .string(listID)]]
        case let .deleteList(listID): ["deleteList": ["listID": .string(listID)]]
        case let .transferOwnership(userID, listID): ["transferOwnership": ["userID": .string(userID), "listID": .string(listID)]]
        }
        return [
            "title": .string(alert.title), "message": .string(alert.message), "confirmLabel": .string(alert.confirmLabel), "intent": intent,
        ]
    }

    static func decodeAlert(_ json: JSONValue) throws(RecordingError) -> ConfirmationAlert {
        let intentJSON = try ModelCodec.field(json, "intent")
        let intent: ConfirmationAlert.Intent
        if let value = intentJSON["removeMember"] {
            intent = .removeMember(userID: try ModelCodec.string(value, "userID"), listID: try ModelCodec.string(value, "listID"))
        } else if let value = intentJSON["leave"] {
            intent = .leave(listID: try ModelCodec.string(value, "listID"))
        } else if let value = intentJSON["deleteList"] {
            intent = .deleteList(listID: try ModelCodec.string(value, "listID"))
        } else {
            let value = try ModelCodec.field(intentJSON, "transferOwnership")
            intent = .transferOwnership(userID: try ModelCodec.string(value, "userID"), listID: try ModelCodec.string(value, "listID"))
        }
        return ConfirmationAlert(
            title: try ModelCodec.string(json, "title"), message: try ModelCodec.string(json, "message"),
            confirmLabel: try ModelCodec.string(json, "confirmLabel"), intent: intent
        )
    }

    static func encode<Value>(_ load: LoadState<Value>, _ value: (Value) -> JSONValue) -> JSONValue {
        switch load {
        case .idle: ["idle": [:]]
        case .loading: ["loading": [:]]
        case let .loaded(loaded): ["loaded": value(loaded)]
        case let .failed(message): ["failed": .string(message)]
        }
    }

    static func decodeLoadState<Value>(
        _ json: JSONValue, _ value: (JSONValue) throws(RecordingError) -> Value
    ) throws(RecordingError) -> LoadState<Value> {
        if json["idle"] != nil { return .idle }
        if json["loading"] != nil { return .loading }
        if let loaded = json["loaded"] { return .loaded(try value(loaded)) }
        if let failed = json["failed"]?.stringValue { return .failed(failed) }
        throw RecordingError("not a load state: \(json.jsonString)")
    }
}
