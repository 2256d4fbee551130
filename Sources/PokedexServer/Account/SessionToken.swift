import Synchronization

/// The stored hash of the token a session's browser holds: revoking that token (the browser
/// signed out) ends the session. A resume with another token of the same user moves it on.
final class SessionToken: Sendable {
    private let stored: Mutex<String>

    init(hash: String) { stored = Mutex(hash) }

    var hash: String {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
