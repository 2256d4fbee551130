/// One NOTIFY as a listener receives it.
public struct PostgresNotification: Equatable, Sendable {
    public var channel: String
    public var payload: String
    /// The server process of the session that sent it (its `backendPID`).
    public var senderPID: Int32
}
