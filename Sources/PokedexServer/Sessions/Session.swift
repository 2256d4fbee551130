import AccountClient
import Composable
import Storage
import FavoritesClient
import Foundation
import PokedexFeatures
import PokedexModels
import StateSync
import Synchronization
import WebSocketServer

/// One browser session: its own Store of `AppFeature`, what was sent to the browser, and an
/// inbox that feeds the Store actions in the order they arrived.
final class Session: Sendable {
    // What every action reads comes first, in the order it is read, next to the object's
    // header (which looking the session up retains): the session's memory is cold by its
    // next action, and these were spread over five lines of it.
    private struct Inbox {
        var pending: [(action: JSONValue, ref: Int?, key: String?, receivedAt: ContinuousClock.Instant)] = []
        var draining = false
        /// Actions wait until the browser has its first state.
        var ready = false
    }

    private let inbox = Mutex(Inbox())
    /// A change of the favorites alone, published without the observer.
    let favoritesOnly: FavoritesOnlyChange
    let store: Store<AppFeature>
    /// The session's writes: its user, and the browser action each one answers.
    private let writer: SessionWriter
    let recordingSlot: RecordingSlot
    let output: SessionOutput
    /// Read by the observer right after the reduction, with the fields before it.
    let projection: SessionProjection
    /// The Pokémon the data source has: what actions and routes may name.
    let pokemonIDs: PokemonIDs
    /// Its executor's count of processed actions (`ServerMetricsRecorder.actionCounts(for:)`).
    private let actionCounts: ServerMetricsRecorder.ActionCounts
    /// The server clock's time (its `now` alone: the whole clock was three closures in every
    /// session).
    private let now: @Sendable () -> ContinuousClock.Instant
    /// Where the Store runs: the service thread of the connection that started the session.
    let executor: any StoreExecutor

    let id: String
    let user: User
    /// The token the browser holds (see `SessionToken`).
    let token: SessionToken
    /// The user's name as last renamed, in any tab or process (the welcome of a resume says it).
    private let displayName: Mutex<String>
    /// When the browser went away (nil while connected).
    let disconnectedAt = Mutex<ContinuousClock.Instant?>(nil)
    private let hub: FavoritesHub
    /// The lists the browser was last shown, to notice one the user lost.
    private let memberships: MembershipWatch
    private let saver: SessionSaver
    /// The screen last handed to the saver, made at the first change worth saving (an idle
    /// session never saves one) and changed in place after that. Under a lock, not in an
    /// `AtomicLazyReference`: its `load()`, read on most actions, was not specialized and
    /// looked up generic metadata each time.
    private let savedScreen = Mutex<SavedScreen?>(nil)
    /// `--record`, `--debug` or the user's consent: what the session did, replayable
    /// (`Recording/`), and with `--debug` its last actions for `/debug/sessions/ID`.
    var recording: SessionRecording? { recordingSlot.recording }
    /// The list the hello joined, shown once the session starts (out of line: nearly
    /// every session has none).
    private let joined: Boxed<FavoritesList>

    /// `newList` is the personal list of a user the hello created: what their lists and
    /// favorites hold is then known, and not read back from the database. `joined` is a list
    /// the hello joined (from a join link) before the session was built: the session starts
    /// by showing it, as the join's effect would have.
    /// `executor` runs the Store and its tasks: the service thread of the connection that
    /// started the session, so its actions are reduced where their frames are read.
    /// `restoring` is the saved screen of a session this process does not hold (a resume
    /// after a restart, or one that reached another process).
    init(
        id: String, route: String, user: User, newList: FavoritesList? = nil, joined: ListSummary? = nil,
        restoring: RestorableState? = nil, locale: AppLocale = .en, tokenHash: String = "", executor: any StoreExecutor,
        context: SessionContext
    ) {
        self.joined = Boxed(wrappedValue: joined?.list)
        self.id = id
        self.user = user
        let token = SessionToken(hash: tokenHash)
        self.token = token
        displayName = Mutex(user.displayName)
        self.executor = executor
        now = context.clock.now
        let pokemonIDs = context.pokemonClient.pokemonIDs
        self.pokemonIDs = pokemonIDs
        actionCounts = context.metrics.actionCounts(for: executor)
        let output = SessionOutput(
            metrics: context.metrics, sendCounts: context.metrics.sendCounts(for: executor), sharedPatches: context.sharedPatches,
            encodings: context.encodings.value(for: executor))
        self.output = output
        let writer = SessionWriter(userID: user.id, token: token, output: output, executor: executor, feed: context.hub.feed) { [log = context.log, user] code, error in
            log.info("write.refused", ["by": user.id, "code": code, "error": "\(error)"])
        }
        self.writer = writer
        let favoritesClient = context.favoritesClient(for: writer)
        let recordingSlot = RecordingSlot()
        self.recordingSlot = recordingSlot
        let lists = newList.map { Shared(context.hub.listsKey(user.id), stored: [ListSummary(list: $0, role: .owner)] + (joined.map { [$0] } ?? [])) }
            ?? favoritesClient.lists()
        let active = lists.wrappedValue.first?.id ?? ""
        // Whose lists to read again when one of them is renamed or deleted (a value loaded
        // later is noted by its key).
        if !lists.wrappedValue.isEmpty { context.hub.memberships.note(lists.wrappedValue, ofUser: user.id) }
        if let newList { context.hub.feed.adopt(newList.id, FavoritesSnapshot(ids: [], seq: 0)) }
        let favorites = newList == nil ? favoritesClient.favorites(active) : Shared(context.hub.favoritesKey(active), stored: [])
        let account = Account(me: user, lists: lists, activeListID: active)
        let initialState = restoring.map { saved in
            AppFeature.State(restoring: saved, account: account, pokemonIDs: pokemonIDs) {
                $0 == active ? favorites : favoritesClient.favorites($0)
            }
        } ?? AppFeature.State(route: route, account: account, favorites: favorites, pokemonIDs: pokemonIDs, locale: locale)
        store = Store(
            initialState: initialState,
            reducer: AppFeature(),
            executorPreference: executor
        ) {
            $0 = context.storeDependencies
            $0.favoritesClient = favoritesClient
            $0.accountClient = context.accountClient(for: writer, recording: recordingSlot)
            $0.stackElementID = SessionRecording.stackIDs(tellingTheRecordingIn: recordingSlot)
        }
        let projection = SessionProjection(context.projection)
        self.projection = projection
        favoritesOnly = FavoritesOnlyChange(
            projection: projection, output: output, recordingSlot: recordingSlot, memo: context.favoritesChanges.value(for: executor))
        let recording = context.recordings.map { settings in
            SessionRecording(
                start: RecordingStart(
                    session: id, route: route, restoring: restoring, state: initialState, pokemonIDs: pokemonIDs,
                    settings: settings, publicURL: context.projection.publicURL()
                ),
                capacity: settings.capacity, keepsDebugDetail: settings.keepsDebugDetail, directory: settings.directory
            )
        }
        if let recording {
            recordingSlot.install(recording)
            output.recordPatches(to: recording.patchSent)
        }
        hub = context.hub
        saver = context.saver
        memberships = MembershipWatch(lists.wrappedValue)
        if let restoring { savedScreen.withLock { $0 = SavedScreen(sessionID: id, userID: user.id, saved: restoring) } }
        acceptConsent(context.consentRecordings)
    }

    /// Starts observing and loads what is on screen.
    func start() async {
        if let recording { await store.recordActions(recording.record) }
        if let recording, recording.keepsDebugDetail { await store.inspectActions(recording.inspected) }
        await store.observeChanges(sharedIn: { state, shared in
            shared.add(state.favorites)
            shared.add(state.account.lists)
            if case let .favorites(view) = state.destination {
                if let roster = view.roster { shared.add(roster) }
                if let activity = view.activity { shared.add(activity) }
            }
        }) { [self] state, change in
            // The session itself, not weakly: the Store holds it through this observer until
            // `tearDown`, which every session ends by. A weak reference gave every session a
            // side table, and every retain of it (one per frame) the slow path.
            // Nothing else captured: a closure of one object has that object as its context.
            // With the parts it reads captured too, the context was an allocation of its own,
            // cold on every batch, beside the session's lines the action had just read.
            // The shortcut takes a favorites change only while the lists' version is this one.
            // Read before the lists: a change in between leaves this older version noted.
            let listsVersion = state.account.lists.version
            // A list is lost only in a change of the lists: while their version is the one
            // the last batch noted, they are those looked at then, and are not read (a lock
            // and a retain of the user's array, on every batch).
            if listsVersion != favoritesOnly.listsVersionObserved {
                let lost = memberships.lost(in: state.account.lists.wrappedValue)
                if !lost.isEmpty { self.drop(lost) }
                // Nothing more of a list the user lost reaches the browser: the drop comes next.
                if lost.contains(where: { $0.id == state.account.activeListID }) {
                    if change == .reduced { favoritesOnly.heldBackReducedState() }
                    recordingSlot.recording?.observed(state)
                    favoritesOnly.observed(state, listsVersion: listsVersion, publishable: false)
                    return
                }
            }
            defer { favoritesOnly.observed(state, listsVersion: listsVersion, publishable: true) }
            // Read before the state is projected: the favorites shown are then at least as new
            // as this (acks of stars wait for it).
            let activeListID = state.account.activeListID
            let shows = PendingAcks.Shown(listID: activeListID, seq: output.owesStarAck ? hub.feed.seq(of: activeListID) : nil)
            // A reduced state held back (its list lost) goes whole with the next batch: the
            // shared parts alone would leave its other changes unsent (an alert closed).
            switch favoritesOnly.takeHeldBackReducedState() ? .reduced : change {
            case .reduced:
                let ack = writer.ackForReducedState()
                // Only the parts whose inputs changed are built and diffed.
                let changes = projection.projectChanges(state)
                // After the projection: what the patch was built from (see `observed`).
                recordingSlot.recording?.observed(state, projectedBy: projection)
                if !output.publish(changed: changes.parts, shows: shows, expecting: ack) {
                    output.publish(projection.project(state), shows: shows)
                }
                // The screen to save is derived only when one of its inputs changed.
                if changes.restorableMayHaveChanged {
                    self.saveIfChanged(state, route: changes.route)
                }
            case .sharedValues:
                let parts = projection.projectShared(state)
                recordingSlot.recording?.observed(state, projectedBy: projection)
                output.publish(changing: parts, shows: shows)
            }
        }
        // Not the session (a weak reference loaded and retained for every member of a
        // fan-out): the shortcut holds what it uses, none of which holds the session or its Store.
        await store.takeSharedChanges(favoritesOnly)
        _ = await store.send(.onAppear)
        if let joined = joined.wrappedValue { _ = await store.send(.joined(joined)) }
    }

    /// Hands the screen to the saver when it changed. A session that never left the list on
    /// its personal list is not saved: a hello rebuilds that screen without help (and ten
    /// thousand idle sessions cost no writes). The user's lists (the personal one first) are
    /// read only by a session that saved nothing yet. Runs on the Store's executor, one
    /// change at a time.
    private func saveIfChanged(_ state: AppFeature.State, route: String) {
        // Changed where it lies: the saver is handed the screen (retained) only when it is to
        // hold it, not for each of the changes its write then takes.
        if let handing = savedScreen.withLock({ $0?.change(to: state, route: route) }) {
            if handing != .none, let screen = savedScreen.withLock({ $0 }) { saver.hand(screen, handing) }
            return
        }
        let personalListID = state.account.lists.wrappedValue.first?.id ?? state.account.activeListID
        if RestorableState(route: "/", activeListID: personalListID).matches(state, route: route) { return }
        // Urgent when a hello would rebuild it on another list: the session joined one.
        let urgent = state.account.activeListID != personalListID
        let screen = SavedScreen(sessionID: id, userID: user.id, first: state.restorable(route: route), urgent: urgent)
        // Set only here, on the Store's executor, where this found none.
        savedScreen.withLock { $0 = screen }
        saver.hand(screen, .queue(urgent: urgent))
    }

    /// The browser went away: its screen, if it waits for a write in the long window, is
    /// written in the short one (a reconnect elsewhere would want it).
    func screenClosed() {
        guard let screen = savedScreen.withLock({ $0 }) else { return }
        saver.hand(screen, screen.closed())
    }

    /// The user is no longer in these lists: the Store drops them, with a notice saying why.
    /// Runs on the Store's executor (from the observer), as a job of its own.
    private func drop(_ lists: [ListSummary]) {
        let actions = lists.map { list in
            AppFeature.Action.listAccessLost(
                listID: list.id, listName: list.list.name, hub.memberships.loss(user: user.id, list: list.id) ?? .removed
            )
        }
        let store = self.store
        executor.execute {
            store.assumeIsolated { store in for action in actions { store.send(action) } }
        }
    }

    /// The user as this session last heard of them.
    var currentUser: User { User(id: user.id, displayName: displayName.withLock { $0 }) }

    /// The user was renamed (in another tab, or another process): this tab shows it too.
    func renamed(_ renamed: User) {
        displayName.withLock { $0 = renamed.displayName }
        let store = self.store
        executor.execute {
            store.assumeIsolated { store in _ = store.send(.renamed(renamed)) }
        }
    }

    /// Sends the browser `welcome`, then the patches after `resumeSeq` or a snapshot (see
    /// `SessionOutput.attach`); returns whether it resumed by patches. Runs on the Store's
    /// executor, so no state is published in between and every later state is diffed against
    /// what the browser has. A new session calls it after `start`, so its snapshot already
    /// shows what `onAppear` did (a first page that loaded at once needs no patches).
    @discardableResult
    func attach(_ connection: Connection, welcome: [UInt8], resumeSeq: Int? = nil) async -> Bool {
        let output = self.output, projection = self.projection, recording = self.recording
        return await store.withState { state in
            let json = projection.project(state)
            let resumed = output.attach(connection, welcome: welcome, resumeSeq: resumeSeq, state: json)
            if !resumed { recording?.snapshotSent(json) }
            return resumed
        }
    }

    /// Queues an action from the browser. Actions are reduced one after another in arrival
    /// order, on the Store's executor.
    func enqueue(_ action: JSONValue, ref: Int?, key: String? = nil) {
        let receivedAt = now()
        // Read on the Store's executor (nearly every frame) into an empty inbox that may
        // drain: reduced at once, never queued. Queued, each action was an array made, copied
        // into and out of, and freed, and two more turns of the inbox's lock.
        let inPlace = executor.isCurrent
        let start = inbox.withLock { inbox -> Start in
            favoritesOnly.actionsPending(true)
            if inPlace, inbox.ready, !inbox.draining, inbox.pending.isEmpty {
                inbox.draining = true
                return .thisAction
            }
            inbox.pending.append((action, ref, key, receivedAt))
            return Self.claimDrain(&inbox) ? .drain : .none
        }
        switch start {
        case .thisAction:
            process(action, ref: ref, key: key, receivedAt: receivedAt)
            drain()
        case .drain: drainOnStoreExecutor()
        case .none: break
        }
    }

    /// What an enqueued action starts: nothing (it waits for the drain under way, or for the
    /// browser), its own reduction and then the drain, or the drain of the inbox.
    private enum Start { case none, thisAction, drain }

    /// The browser went away: actions that arrive wait until a browser has the state again
    /// (so their acks reach it).
    func pause() {
        inbox.withLock { $0.ready = false }
    }

    /// The browser has its state: queued actions may run.
    func markReady() {
        let startDrain = inbox.withLock { inbox -> Bool in
            inbox.ready = true
            return Self.claimDrain(&inbox)
        }
        if startDrain { drainOnStoreExecutor() }
    }

    private static func claimDrain(_ inbox: inout Inbox) -> Bool {
        guard inbox.ready, !inbox.draining, !inbox.pending.isEmpty else { return false }
        inbox.draining = true
        return true
    }

    /// In place when the frame was read on the Store's executor, as nearly every one is: an
    /// action then costs no job. (A task awaiting the Store from there queued three: its start,
    /// the change to the Store's isolation, and the way back.) Else as work queued there.
    private func drainOnStoreExecutor() {
        if executor.isCurrent {
            drain()
        } else {
            executor.execute { self.drain() }
        }
    }

    /// Runs on the Store's executor.
    private func drain() {
        while true {
            let batch = inbox.withLock { inbox in
                let batch = inbox.pending
                inbox.pending = []
                if batch.isEmpty {
                    inbox.draining = false
                    favoritesOnly.actionsPending(false)
                }
                return batch
            }
            if batch.isEmpty { return }
            for item in batch { process(item.action, ref: item.ref, key: item.key, receivedAt: item.receivedAt) }
        }
    }

    private func process(_ json: JSONValue, ref: Int?, key: String?, receivedAt: ContinuousClock.Instant) {
        let pokemonIDs = self.pokemonIDs
        // Decoded and checked against the state inside the Store; the patch of its reduction
        // carries the ack unless a write it started holds it until the commit.
        recording?.browserFrame(json)
        defer { recording?.browserFrame(nil) }
        // On the Store's executor by construction (`drain`): entered without asking the runtime
        // which executor is current (docs/INTERNALS.md, "Store").
        let (refusal, frame) = writer.reduce(ref: ref, key: key) { () -> ProtocolError? in
            store.onItsExecutor { store in
                do throws(ProtocolError) {
                    _ = try store.send { (state) throws(ProtocolError) in
                        let decoded = try ActionDecoder.decode(json, in: state, pokemonIDs: pokemonIDs)
                        try ActionAuthorization.check(decoded, in: state)
                        if key != nil, !decoded.entry.isKeyed {
                            throw ProtocolError(.badAction, "Action '\(decoded.entry.name)' takes no key: only star intents do.")
                        }
                        return decoded.action
                    }
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let refusal {
            output.refuse(ref: ref, code: refusal.code.rawValue, message: refusal.message)
            return
        }
        if let ref, !frame.holdsAck {
            // Alone when the reduction published no patch to carry it.
            if frame.ackHanded { output.flushAck(ref) } else { output.ack(ref, key: key) }
        }
        actionCounts.processed(latency: now() - receivedAt)
    }

    func tearDown() async {
        await store.tearDown()
        recording?.writeIfKept()
    }
}
