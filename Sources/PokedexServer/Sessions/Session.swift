import Composable
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
    let id: String
    let user: User
    let store: Store<AppFeature>
    let projection: SessionProjection
    let output: SessionOutput
    /// The Pokémon the data source has: what actions and routes may name.
    private let pokemonIDs: PokemonIDs
    private struct Inbox {
        var pending: [(action: JSONValue, ref: Int?, receivedAt: ContinuousClock.Instant)] = []
        var draining = false
        /// Actions wait until the browser has its first state.
        var ready = false
    }

    private let inbox = Mutex(Inbox())
    /// Where the Store runs: the service thread of the connection that started the session.
    private let executor: any StoreExecutor
    /// When the browser went away (nil while connected).
    let disconnectedAt = Mutex<ContinuousClock.Instant?>(nil)

    /// `newList` is the personal list of a user the hello created: what their lists and
    /// favorites hold is then known, and not read back from the database.
    /// `executor` runs the Store and its tasks: the service thread of the connection that
    /// started the session, so its actions are reduced where their frames are read.
    init(id: String, route: String, user: User, newList: FavoritesList? = nil, executor: any StoreExecutor, context: SessionContext) {
        self.id = id
        self.user = user
        self.executor = executor
        pokemonIDs = context.pokemonClient.pokemonIDs
        let favoritesClient = FavoritesClient.live(hub: context.hub, user: user)
        let lists = newList.map { Shared(context.hub.listsKey(user.id), stored: [ListSummary(list: $0, role: .owner)]) }
            ?? favoritesClient.lists()
        let active = lists.wrappedValue.first?.id ?? ""
        let favorites = newList == nil ? favoritesClient.favorites(active) : Shared(context.hub.favoritesKey(active), stored: [])
        let account = Account(me: user, lists: lists, activeListID: active)
        store = Store(
            initialState: AppFeature.State(route: route, account: account, favorites: favorites, pokemonIDs: pokemonIDs),
            reducer: AppFeature(),
            executorPreference: executor
        ) {
            $0.pokemonClient = context.pokemonClient
            $0.favoritesClient = favoritesClient
        }
        projection = SessionProjection(context.projection)
        output = SessionOutput(metrics: context.metrics, sharedPatches: context.sharedPatches)
    }

    /// Starts observing and loads what is on screen.
    func start() async {
        let output = self.output
        let projection = self.projection
        await store.observeChanges(sharedIn: { state in
            var shared = [state.favorites.reference, state.account.lists.reference]
            if case let .favorites(view) = state.destination, let roster = view.roster { shared.append(roster.reference) }
            return shared
        }) { state, change in
            switch change {
            case .reduced: output.publish(projection.project(state))
            case .sharedValues: output.publish(changing: projection.projectShared(state))
            }
        }
        let context = ActionContext(userID: user.id) { _, _ in }
        await ActionContext.$current.withValue(context) { _ = await store.send(.onAppear) }
    }

    /// Sends the browser `welcome`, then the patches after `resumeSeq` or a snapshot (see
    /// `SessionOutput.attach`); returns whether it resumed by patches. Runs on the Store's
    /// executor, so no state is published in between and every later state is diffed against
    /// what the browser has. A new session calls it after `start`, so its snapshot already
    /// shows what `onAppear` did (a first page that loaded at once needs no patches).
    @discardableResult
    func attach(_ connection: Connection, welcome: [UInt8], resumeSeq: Int? = nil) async -> Bool {
        let output = self.output, projection = self.projection
        return await store.withState { state in
            output.attach(connection, welcome: welcome, resumeSeq: resumeSeq, state: projection.project(state))
        }
    }

    /// Queues an action from the browser. Actions are reduced one after another in arrival
    /// order, on the Store's executor.
    func enqueue(_ action: JSONValue, ref: Int?) {
        let startDrain = inbox.withLock { inbox -> Bool in
            inbox.pending.append((action, ref, .now))
            return Self.claimDrain(&inbox)
        }
        if startDrain { drainOnStoreExecutor() }
    }

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
                if batch.isEmpty { inbox.draining = false }
                return batch
            }
            if batch.isEmpty { return }
            for item in batch { process(item.action, ref: item.ref, receivedAt: item.receivedAt) }
        }
    }

    private func process(_ json: JSONValue, ref: Int?, receivedAt: ContinuousClock.Instant) {
        let output = self.output
        let metrics = output.metrics
        let pokemonIDs = self.pokemonIDs
        let refuse: @Sendable (String, String) -> Void = { code, message in
            metrics.error(code)
            output.send(ServerMessage.error(ref: ref, code: ProtocolError.Code(rawValue: code) ?? .forbidden, message: message).encoded())
        }
        // Decoded and checked against the state inside the Store. The effects the action
        // starts inherit the context: a task created here copies the task-locals set here.
        let refusal = ActionContext.$current.withValue(ActionContext(userID: user.id, refuse: refuse)) { () -> ProtocolError? in
            store.assumeIsolated { store in
                do throws(ProtocolError) {
                    _ = try store.send { (state) throws(ProtocolError) in
                        let action = try ActionDecoder.decode(json, in: state, pokemonIDs: pokemonIDs)
                        try ActionAuthorization.check(action, in: state)
                        // The ack rides on the patch this action causes.
                        if let ref { output.expectAck(ref) }
                        return action
                    }
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let refusal {
            metrics.error(refusal.code.rawValue)
            output.send(ServerMessage.error(ref: ref, code: refusal.code, message: refusal.message).encoded())
            return
        }
        if let ref { output.flushAck(ref) }
        metrics.actionProcessed(latency: .now - receivedAt)
    }

    func tearDown() async {
        await store.tearDown()
    }
}
