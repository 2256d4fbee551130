import Storage

/// Sends an `error` frame for the action being processed when an effect it started is refused
/// by storage (a revoked invite, a role that changed meanwhile). The session sets it around
/// each action it reduces; the effects' tasks inherit it.
enum RefusalReporter {
    @TaskLocal static var current: (@Sendable (_ code: String, _ message: String) -> Void)?

    /// Runs a favorites operation, reporting a refusal before rethrowing it.
    static func reporting<T>(_ operation: () throws -> T) throws -> T {
        do {
            return try operation()
        } catch let refusal as FavoritesError {
            current?(refusal.code, refusal.description)
            throw refusal
        }
    }
}
