import Storage

/// The action a session is reducing: who acts (a write through a shared list is attributed
/// to and authorised for that user) and where a refusal of an effect it started goes (an
/// `error` frame for the action's ref). The session sets it around each action; the
/// effects' tasks inherit it.
struct ActionContext: Sendable {
    let userID: String
    let refuse: @Sendable (_ code: String, _ message: String) -> Void

    @TaskLocal static var current: ActionContext?

    /// Runs a favorites operation, reporting a refusal before rethrowing it.
    static func reporting<T>(_ operation: () throws -> T) throws -> T {
        do {
            return try operation()
        } catch let refusal as FavoritesError {
            current?.refuse(refusal.code, refusal.description)
            throw refusal
        } catch let refusal as LimitReached {
            current?.refuse(refusal.code, refusal.description)
            throw refusal
        }
    }
}
