import Foundation

/// A session's restorable state (its screen: route, search, filters, active list), saved so
/// that a resume that reaches another process, or this one after a restart, rebuilds it.
public struct SavedSession: Sendable, Equatable {
    public var id: String
    public var userID: String
    /// The state, encoded by the server (opaque here).
    public var state: String
    public var updatedAt: Date

    public init(id: String, userID: String, state: String, updatedAt: Date) {
        self.id = id
        self.userID = userID
        self.state = state
        self.updatedAt = updatedAt
    }
}

/// Where saved sessions live. Calls block: run them off the service threads.
public protocol SessionStore: Sendable {
    /// Inserts or replaces each session's saved state.
    func save(_ sessions: [SavedSession]) throws
    func session(id: String) throws -> SavedSession?
    /// Forgets sessions not saved since `date`; returns how many.
    @discardableResult
    func deleteSessions(savedBefore date: Date) throws -> Int
}
