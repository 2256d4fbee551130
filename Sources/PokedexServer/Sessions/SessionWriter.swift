import Composable
import Storage
import Synchronization

/// A session's writes: who makes them (the session's user and the token its browser holds,
/// bound here when the session's clients are built) and which browser action each one
/// answers, so its ack waits for its commit and a refusal reaches the browser as an `error`
/// frame for that action.
///
/// A write answers the action being reduced when the effect calls the client: effects start
/// immediately (`Task.immediate`) on the Store's executor, so a write an effect makes before
/// its first suspension is made inside its action's reduction. A write made later (or from
/// `onAppear`) answers no action: its failure is logged, and no ack waits for it.
final class SessionWriter: Sendable {
    let userID: String
    /// The token the session's browser holds (a sign-out revokes it); nil outside a session.
    let token: SessionToken?
    private let output: SessionOutput?
    /// The Store's: where an ack no patch carried is sent alone, after the effect's next step.
    private let executor: (any StoreExecutor)?
    /// Tells when a list's favorites reach a seq (`FavoritesFeed.whenShown`).
    private let feed: FavoritesFeed?
    private let log: @Sendable (_ code: String, _ error: any Error) -> Void
    /// The browser action being reduced, set by the session around each reduction.
    private let reducing = Mutex<Frame?>(nil)

    /// A browser action: the ref its ack and errors name, the key a star intent carries, and
    /// whether a write now holds its ack until a commit.
    struct Frame: Sendable {
        let ref: Int?
        let key: String?
        var holdsAck = false
        /// The reduction's patch was given the ack (`ackForReducedState`).
        var ackHanded = false
    }

    /// What a commit means for the ack of the action that made it.
    enum Commit: Sendable {
        /// A star, at its list's `seq`: the patch showing it carries the ack.
        case star(PendingAcks.ListSeq)
        /// A star already as asked: nothing will show it, so the ack goes at once.
        case unchanged
        /// Another write: the next patch carries the ack, or it goes alone once the write
        /// has returned.
        case other
    }

    init(
        userID: String, token: SessionToken? = nil, output: SessionOutput? = nil, executor: (any StoreExecutor)? = nil,
        feed: FavoritesFeed? = nil, log: @escaping @Sendable (String, any Error) -> Void = { _, _ in }
    ) {
        self.userID = userID
        self.token = token
        self.output = output
        self.executor = executor
        self.feed = feed
        self.log = log
    }

    /// Runs the reduction of a browser action; returns the action's frame as it ended (whether
    /// a write holds its ack, or its patch was given it).
    func reduce<T>(ref: Int?, key: String?, _ body: () -> T) -> (T, Frame) {
        reducing.withLock { $0 = Frame(ref: ref, key: key) }
        let result = body()
        let frame = reducing.withLock { frame in
            defer { frame = nil }
            return frame ?? Frame(ref: ref, key: key)
        }
        return (result, frame)
    }

    /// The ack the patch of the action being reduced carries: none once a write holds it.
    func ackForReducedState() -> (ref: Int, key: String?)? {
        reducing.withLock { frame in
            guard let ref = frame?.ref, frame?.holdsAck == false, frame?.ackHanded == false else { return nil }
            frame?.ackHanded = true
            return (ref, frame?.key)
        }
    }

    /// Runs a storage write for the action being reduced (if any). `operation` gets the
    /// action's key and a `committed` to call once the change is applied here (see `Commit`).
    /// A refusal becomes an `error` frame with its code, any other failure one with code
    /// `storage`; either is logged and rethrown.
    func write<T: Sendable>(
        _ operation: (_ key: String?, _ committed: @escaping @Sendable (Commit) -> Void) async throws -> T
    ) async throws -> T {
        let frame = reducing.withLock { frame -> Frame? in
            frame?.holdsAck = true
            return frame
        }
        let (output, executor, feed) = (self.output, self.executor, self.feed)
        let ref = frame?.ref
        do {
            let result = try await operation(frame?.key) { commit in
                guard let ref, let output else { return }
                switch commit {
                case let .star(shows):
                    output.expectAck(ref, key: frame?.key, shows: shows)
                    // A star whose list looks as it did (another member's change undid it
                    // meanwhile) is shown by no patch: once the list is past its seq, and the
                    // holders have had their turn, the ack goes alone if still owed.
                    if let feed, let executor {
                        feed.whenShown(shows.listID, seq: shows.seq) { executor.execute { output.flushAck(ref, evenForAStar: true) } }
                    }
                case .unchanged: output.ack(ref, key: frame?.key)
                case .other: output.expectAck(ref, key: frame?.key)
                }
            }
            // Behind the jobs the commit queued here (the patch showing it, the action the
            // effect sends next): alone only if none of them carried it.
            if let ref, let output, let executor { executor.execute { output.flushAck(ref) } }
            return result
        } catch let refusal as FavoritesError {
            refuse(frame, code: refusal.code, refusal.description, refusal)
            throw refusal
        } catch let refusal as LimitReached {
            refuse(frame, code: refusal.code, refusal.description, refusal)
            throw refusal
        } catch {
            refuse(frame, code: "storage", "Could not save that change; nothing was changed. Try again.", error)
            throw error
        }
    }

    /// Logged, and shown to the browser as an `error` frame for the action (a write that
    /// answers none shows its failure in the state its effect sends, if at all).
    private func refuse(_ frame: Frame?, code: String, _ message: String, _ error: any Error) {
        log(code, error)
        if let frame { output?.refuse(ref: frame.ref, code: code, message: message) }
    }
}
