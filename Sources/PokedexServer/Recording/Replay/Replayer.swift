import AccountClient
import Composable
import FavoritesClient
import PokeAPI
import PokedexFeatures
import PokedexModels
import PokemonClient
import StateSync
import Synchronization

/// Replays a recording (`docs/RECORDING.md`) without network or database: rebuilds the
/// session's first state, reduces every recorded action in order (a browser's frame decoded
/// as the server decodes it; an effect's or the session's action from the recording; a
/// synchronous send as the reducers send it again, checked against the recorded one), sets
/// the shared values as recorded, and compares each state sent (snapshot, then every patch)
/// with the recorded one. No effect runs: their results are in the recording.
struct Replayer<R: Reducer> where R.State == AppFeature.State, R.Action == AppFeature.Action {
    let recording: RecordingFile
    let reducer: R
    let catalog: Catalog

    init(_ recording: RecordingFile, reducer: R, catalog: Catalog) {
        self.recording = recording
        self.reducer = reducer
        self.catalog = catalog
    }

    /// Calls `step` after each shared and action line (the emitted test's steps); stops at the
    /// first difference.
    func run(step: ((ReplayStep) -> Void)? = nil) throws(RecordingError) -> ReplayReport {
        let start = recording.start
        guard !start.onConsent || start.state != nil else {
            throw RecordingError(
                "the recording began mid-session, when its user chose \"Report a problem\", and has no state to start from: a replay needs the session from its start (its snapshot and patches show at /?rewind=ID)"
            )
        }
        guard start.droppedActions == 0 || start.state != nil else {
            throw RecordingError(
                "the recording keeps the last actions only (\(start.droppedActions) were dropped before it) and no state to start from: a replay needs the session from its start"
            )
        }
        let lists = Shared(start.lists)
        let favorites = Shared(start.favorites)
        var state = try start.initialState(favorites: { _ in favorites }, lists: lists)
        var dependencies = DependencyValues()
        dependencies.pokemonClient = Self.pokemonClient(start.pokemonIDs)
        let last = LastShared(favorites: favorites.wrappedValue)
        if case let .favorites(view) = state.destination {
            // A recording begun with the Favorites view open: its values as they were then.
            last.values.withLock { values in
                if let roster = view.roster?.wrappedValue { values.roster = roster }
                if let activity = view.activity?.wrappedValue { values.activity = activity }
            }
        }
        dependencies.favoritesClient = Self.favoritesClient(lists: lists, last: last)
        dependencies.accountClient = Self.accountClient
        let unrecorded = UnrecordedReads()
        unrecorded.install(in: &dependencies)
        // The ids each action's reductions gave pushed screens, given again.
        var takenStackIDs: [Int: [Int]] = [:]
        for (_, line) in recording.lines where line["type"] == "stackID" {
            if let n = line["n"]?.intValue, let id = line["id"]?.intValue { takenStackIDs[n, default: []].append(id) }
        }
        let stackIDs = ReplayedStackIDs([], unrecorded: unrecorded)
        dependencies.stackElementID = stackIDs.generator
        let projection = SessionProjection(ClientState(row: { [catalog] in catalog.row(id: $0, locale: $1) }, publicURL: { start.publicURL }))

        var report = ReplayReport(actions: 0, patches: 0)
        var sent: [AppFeature.Action] = []
        // Begun past the session's start, the browser had the state it begins from (a ring's
        // checkpoint is taken where the observer published it; a consented recording's
        // snapshot follows at once).
        var recordedState: JSONValue? = start.state == nil ? nil : Redaction.redact(projection.project(state))
        var number = start.droppedActions
        /// The first action since the last state sent: the batch a patch follows.
        var batchStart = start.droppedActions + 1

        func differ(_ pointer: String = "", recorded: JSONValue? = nil, replayed: JSONValue? = nil, _ what: String) -> ReplayReport {
            report.difference = ReplayDifference(action: number, lastAction: number, pointer: pointer, recorded: recorded, replayed: replayed, what: what)
            return report
        }

        /// The state's projection, compared with `recorded`; on a difference, once more with the
        /// shared values the lines up to the next action say. Another thread may change a
        /// shared value between the recording's read of it and the projection's: the new
        /// value's line then follows the state that already showed it.
        func compare(_ recorded: JSONValue, at position: Int, what: String) -> ReplayDifference? {
            let actions = min(batchStart, number)...number
            let replayed = Redaction.redact(projection.project(state))
            guard let difference = ReplayDifference.first(recorded: recorded, replayed: replayed, actions: actions, what: what) else { return nil }
            let later = recording.lines[(position + 1)...].prefix { $0.json["type"]?.stringValue != "action" }.filter { $0.json["type"] == "shared" }
            guard !later.isEmpty else { return difference }
            var ahead = state
            for line in later { Self.setShared(line.json, in: &ahead, last: last) }
            let replayedAhead = Redaction.redact(projection.project(ahead))
            return ReplayDifference.first(recorded: recorded, replayed: replayedAhead, actions: actions, what: what) == nil ? nil : difference
        }

        for (position, (lineNumber, line)) in recording.lines.enumerated() {
            switch line["type"]?.stringValue {
            case "shared":
                Self.setShared(line, in: &state, last: last)
                step?(.shared(
                    favorites: line["favorites"]?.arrayValue.map { Set($0.compactMap(\.intValue)) },
                    lists: line["lists"]?.arrayValue.flatMap { try? ModelCodec.map($0, ModelCodec.summary) },
                    roster: line["roster"].flatMap { try? ModelCodec.roster($0) },
                    activity: line["activity"].flatMap { try? ModelCodec.activity($0) }
                ))
            case "action":
                number = line["n"]?.intValue ?? number + 1
                let source = line["source"]?.stringValue ?? ""
                if source != "send", source != "effect", !sent.isEmpty {
                    return differ(replayed: ActionCodec.encode(sent[0]), "the reducers sent an action the recording does not have")
                }
                let action: AppFeature.Action
                switch source {
                case "browser":
                    let frame = try ModelCodec.field(line, "frame")
                    do {
                        action = try ActionDecoder.decode(frame, in: state, pokemonIDs: start.pokemonIDs).action
                    } catch {
                        return differ(recorded: frame, "the browser's action is refused now: \(error.message)")
                    }
                case "send":
                    let recorded = try ModelCodec.field(line, "action")
                    guard !sent.isEmpty else { return differ(recorded: recorded, "the reducers no longer send this action") }
                    action = sent.removeFirst()
                    let replayed = Redaction.redact(ActionCodec.encode(action))
                    if let difference = ReplayDifference.first(recorded: recorded, replayed: replayed, actions: number...number, what: "send") {
                        report.difference = difference
                        return report
                    }
                case "effect", "store":
                    action = try ActionCodec.decode(ModelCodec.field(line, "action"))
                default:
                    throw RecordingError("line \(lineNumber): unknown action source '\(source)'")
                }
                let before = state
                stackIDs.give(takenStackIDs[number] ?? [])
                let effect = DependencyValues.$current.withValue(dependencies) { reducer.reduce(into: &state, action: action) }
                let read = unrecorded.take()
                guard read.isEmpty else {
                    throw RecordingError(
                        "action \(number): a reducer read the \(read.joined(separator: " and the ")), which recording format \(RecordingStart.version) does not keep (no reducer read one when it was made): record the values beside the action to replay it"
                    )
                }
                sent += effect.synchronousActions
                report.actions += 1
                step?(.action(number: number, source: source, action: action, before: before, after: state))
            case "snapshot":
                let snapshot = try ModelCodec.field(line, "state")
                if let difference = compare(snapshot, at: position, what: "snapshot") {
                    report.difference = difference
                    return report
                }
                recordedState = snapshot
                batchStart = number + 1
            case "patch":
                let frame = try ModelCodec.field(line, "frame")
                guard case let .patch(_, ops, _, _)? = try? ServerMessage.parse(frame.jsonBytes) else {
                    throw RecordingError("line \(lineNumber): the patch frame is not a patch")
                }
                guard let previous = recordedState else { throw RecordingError("line \(lineNumber): a patch before any snapshot") }
                if !sent.isEmpty {
                    return differ(replayed: ActionCodec.encode(sent[0]), "the reducers sent an action the recording does not have")
                }
                let recorded: JSONValue
                do {
                    recorded = try JSONPatch.apply(ops, to: previous)
                } catch {
                    throw RecordingError("line \(lineNumber): the recorded patch does not apply to the recorded state: \(error)")
                }
                recordedState = recorded
                report.patches += 1
                if let difference = compare(recorded, at: position, what: "patch \(report.patches)") {
                    report.difference = difference
                    return report
                }
                batchStart = number + 1
            case "stackID":
                // Given to the reducers with their action.
                if let id = line["id"]?.intValue { step?(.stackID(id)) }
            case "debug", "observed":
                continue  // --debug's view of the actions: nothing to replay
            default:
                throw RecordingError("line \(lineNumber): unknown line type '\(line["type"]?.stringValue ?? "")'")
            }
        }
        if !sent.isEmpty { return differ(replayed: ActionCodec.encode(sent[0]), "the reducers sent an action the recording does not have") }
        return report
    }

    /// Sets the shared values a `shared` line names in the references the state holds.
    static func setShared(_ line: JSONValue, in state: inout AppFeature.State, last: LastShared) {
        if let favorites = line["favorites"]?.arrayValue {
            let ids = Set(favorites.compactMap(\.intValue))
            state.favorites.withLock { $0 = ids }
            last.values.withLock { $0.favorites = ids }
        }
        if let lists = line["lists"]?.arrayValue, let summaries = try? ModelCodec.map(lists, ModelCodec.summary) {
            state.account.lists.withLock { $0 = summaries }
        }
        let roster = line["roster"].flatMap { try? ModelCodec.roster($0) }
        let activity = line["activity"].flatMap { try? ModelCodec.activity($0) }
        last.values.withLock { values in
            if let roster { values.roster = roster }
            if let activity { values.activity = activity }
        }
        guard case let .favorites(view) = state.destination else { return }
        if let roster { view.roster?.withLock { $0 = roster } }
        if let activity { view.activity?.withLock { $0 = activity } }
    }

    /// The shared values last recorded: a recording writes a value only when it changes, so a
    /// reference the reducers ask for anew starts from it.
    final class LastShared: Sendable {
        struct Values {
            var favorites: Set<Int>
            var roster = ListRoster()
            var activity = ListActivity()
        }

        let values: Mutex<Values>

        init(favorites: Set<Int>) { values = Mutex(Values(favorites: favorites)) }
    }

    // MARK: Clients: what reducers call synchronously answers; no effect runs.

    struct EffectsDoNotRun: Error {}

    static func pokemonClient(_ ids: PokemonIDs) -> PokemonClient {
        PokemonClient(
            fetchList: { _, _, _ in throw EffectsDoNotRun() },
            fetchDetail: { _, _ in throw EffectsDoNotRun() },
            fetchType: { _, _ in throw EffectsDoNotRun() },
            pokemonIDs: ids
        )
    }

    /// Shared values the reducers ask for start as last recorded: `shared` lines set them.
    static func favoritesClient(lists: Shared<[ListSummary]>, last: LastShared) -> FavoritesClient {
        var client = FavoritesClient(
            lists: { lists },
            favorites: { _ in Shared(last.values.withLock(\.favorites)) },
            roster: { _ in Shared(last.values.withLock(\.roster)) },
            setFavorite: { _, _, _ in throw EffectsDoNotRun() },
            createInvite: { _, _, _ in throw EffectsDoNotRun() },
            revokeInvite: { _, _ in throw EffectsDoNotRun() },
            removeMember: { _, _ in throw EffectsDoNotRun() },
            leave: { _ in throw EffectsDoNotRun() },
            join: { _ in throw EffectsDoNotRun() },
            rename: { _ in throw EffectsDoNotRun() },
            activity: { _ in Shared(last.values.withLock(\.activity)) },
            undo: { _ in throw EffectsDoNotRun() }
        )
        client.rosterPage = { _, _ in Shared(last.values.withLock(\.roster)) }
        return client
    }

    static var accountClient: AccountClient {
        AccountClient(createSignInCode: { throw EffectsDoNotRun() }, signOut: { throw EffectsDoNotRun() }, signOutEverywhere: { throw EffectsDoNotRun() })
    }
}
