import Foundation
import PokedexFeatures
import Storage
import Synchronization

/// A session's screen as last handed to the saver, and whether a write has yet to take it.
/// The session changes it in place; the saver holds it from the first change after a write
/// until the next write reads its latest. So a session that changes its screen twenty times
/// within the saver's window is handed to the saver once, and the other nineteen changes
/// cost its service thread this object's lock and a store, not the saver's lock and a list.
final class SavedScreen: Sendable {
    let sessionID: String
    let userID: String
    private let state: Mutex<State>

    private struct State {
        var latest: RestorableState
        /// The saver holds this screen for its next write.
        var queued = false
        /// That write is due within the saver's short window (a change of active list, or the
        /// connection closed), not its long one.
        var urgent = false
    }

    /// What the saver is to do after a change.
    enum Handing: Equatable {
        /// Nothing: the screen is unchanged, or it waits for a write due soon enough.
        case none
        /// Hold the screen for the next write, due within the short window (`urgent`) or the long one.
        case queue(urgent: Bool)
        /// The screen waits already, for a write due in the long window: make it the short one.
        case expedite
    }

    /// A screen already saved (a resumed session's): not handed to the saver until it changes.
    init(sessionID: String, userID: String, saved: RestorableState) {
        self.sessionID = sessionID
        self.userID = userID
        state = Mutex(State(latest: saved))
    }

    /// A session's first screen to save, held by the saver from the start (`queued`):
    /// urgent when its active list is not the one a hello would rebuild it with.
    init(sessionID: String, userID: String, first: RestorableState, urgent: Bool) {
        self.sessionID = sessionID
        self.userID = userID
        state = Mutex(State(latest: first, queued: true, urgent: urgent))
    }

    /// The session's state is now `state` (its `route` made already). An unchanged screen is
    /// found so in place (`RestorableState.matches`), with no `RestorableState` built. A
    /// change of active list is urgent: a join lost to a crash resumed elsewhere on the old
    /// list, while a route, search, filter or language a second old costs a resume little.
    func change(to state: AppFeature.State, route: String) -> Handing {
        self.state.withLock { saved in
            guard !saved.latest.matches(state, route: route) else { return .none }
            let urgent = state.account.activeListID != saved.latest.activeListID
            saved.latest.update(to: state, route: route)
            return Self.handing(&saved, urgent: urgent)
        }
    }

    /// The screen is now `screen` (a change).
    func change(to screen: RestorableState) -> Handing {
        state.withLock { Self.change(&$0, to: screen) }
    }

    private static func change(_ saved: inout State, to screen: RestorableState) -> Handing {
        let urgent = screen.activeListID != saved.latest.activeListID
        saved.latest = screen
        return handing(&saved, urgent: urgent)
    }

    /// The browser went away: a reconnect elsewhere would want this screen, so a write due
    /// in the long window is made the short one.
    func closed() -> Handing {
        state.withLock { state in state.queued ? Self.handing(&state, urgent: true) : .none }
    }

    private static func handing(_ state: inout State, urgent: Bool) -> Handing {
        guard state.queued else {
            state.queued = true
            state.urgent = urgent
            return .queue(urgent: urgent)
        }
        guard urgent, !state.urgent else { return .none }
        state.urgent = true
        return .expedite
    }

    /// The latest screen, taken by a write: a change after this is handed to the saver
    /// again, for the next write.
    func takeForWrite() -> RestorableState {
        state.withLock { state in
            state.queued = false
            state.urgent = false
            return state.latest
        }
    }

    /// Held again after a write that failed, unless a newer change is held already; whether
    /// the caller is to queue it.
    func requeue() -> Bool {
        state.withLock { state in
            guard !state.queued else { return false }
            state.queued = true
            return true
        }
    }
}
