import Storage
import Synchronization

/// The action a session is reducing: who acts (a write through the favorites client is
/// attributed to and authorised for that user), where a refusal of an effect it started goes
/// (an `error` frame for the action's ref), and its acknowledgement, which a write holds
/// until its commit. The session sets it around each action; the effects' tasks inherit it.
struct ActionContext: Sendable {
    let userID: String
    /// The token the acting session's browser holds (a sign-out revokes it).
    let token: SessionToken?
    /// The action's key (`ClientMessage.action`'s): its write is applied once per user.
    let key: String?
    let refuse: @Sendable (_ code: String, _ message: String) -> Void
    let acknowledgement: Acknowledgement?

    init(
        userID: String, token: SessionToken? = nil, key: String? = nil, acknowledgement: Acknowledgement? = nil,
        refuse: @escaping @Sendable (String, String) -> Void
    ) {
        self.userID = userID
        self.token = token
        self.key = key
        self.refuse = refuse
        self.acknowledgement = acknowledgement
    }

    @TaskLocal static var current: ActionContext?

    /// The user the current action is for. The clients' writes are built once per process
    /// and read it here, so a session costs no closures of its own for them; a write outside
    /// any action (none is made) is refused.
    static func actingUserID() throws -> String {
        guard let current else { throw FavoritesError.forbidden }
        return current.userID
    }

    /// Runs a storage write for the current action: its ack waits for the commit (the write
    /// calls `committed` right after it, before the change reaches any session, so the patch
    /// that shows it carries the ack), a refusal becomes an `error` frame with the refusal's
    /// code, and any other failure (a read-only or full disk, a database gone away) one with
    /// code `storage`. Rethrows either way.
    static func committing<T: Sendable>(_ operation: (_ committed: @escaping @Sendable () -> Void) async throws -> T) async throws -> T {
        let held = current?.acknowledgement?.hold()
        do {
            let result = try await operation { held?.committed() }
            held?.finished()
            return result
        } catch let refusal as FavoritesError {
            current?.refuse(refusal.code, refusal.description)
            throw refusal
        } catch let refusal as LimitReached {
            current?.refuse(refusal.code, refusal.description)
            throw refusal
        } catch {
            current?.refuse("storage", "Could not save that change; nothing was changed. Try again.")
            throw error
        }
    }
}

/// An action's ack: sent after its reduction, unless a write the action started holds it
/// (`hold`, during the reduction) until the write commits.
final class Acknowledgement: Sendable {
    /// A held ack's two steps.
    struct Held: Sendable {
        /// At the commit, from the storage thread: the next patch may carry the ack.
        let committed: @Sendable () -> Void
        /// The write returned (its effect runs on): the ack goes alone if no patch took it.
        let finished: @Sendable () -> Void
    }

    private struct State {
        var reducing = true
        var held = false
    }

    private let state = Mutex(State())
    /// Takes the ack back from the patch the reduction is about to publish.
    private let withhold: @Sendable () -> Void
    private let held: Held

    init(withhold: @escaping @Sendable () -> Void, held: Held) {
        self.withhold = withhold
        self.held = held
    }

    /// Holds the ack if the action is still being reduced.
    func hold() -> Held? {
        let holding = state.withLock { state -> Bool in
            guard state.reducing, !state.held else { return false }
            state.held = true
            return true
        }
        guard holding else { return nil }
        withhold()
        return held
    }

    /// The reduction is over; whether a write holds the ack.
    func endReducing() -> Bool {
        state.withLock { state in
            state.reducing = false
            return state.held
        }
    }
}
