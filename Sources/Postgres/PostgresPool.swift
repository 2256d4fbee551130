import Foundation
import Synchronization

/// A fixed number of connections to one server, lent out one caller at a time.
///
/// Every call blocks the calling thread: while it waits for a free connection, and for the
/// server. **Never call it from an lws service thread** (one blocked call stalls every socket
/// of that loop) nor, for long, from Swift concurrency's few cooperative threads: call it from
/// threads of your own (a dedicated thread or queue per kind of work, as `GroupCommit` does for
/// SQLite).
///
/// Before lending a connection the pool checks it (`isConnected`) and reconnects one that the
/// server closed, so a restarted server costs callers nothing once it is back. A connection that
/// breaks during `body` makes that call throw (`isConnectionFailure`); the pool does not retry,
/// since it cannot know whether a write was committed.
public final class PostgresPool: Sendable {
    public let size: Int
    private let idle: Mutex<[PostgresConnection]>
    /// Counts idle connections, so a caller waits without spinning until one is returned.
    private let available: DispatchSemaphore
    private let checkoutTimeout: Duration

    /// Opens `size` connections to `url` (throws if any cannot be opened). A caller waits at
    /// most `checkoutTimeout` for one to come free, then gets `53300`: a pool too small for its
    /// callers, or a caller that asks for a second connection while holding one, fails loudly
    /// rather than hanging.
    public init(url: String, size: Int = 4, connectTimeout: Duration = .seconds(10), checkoutTimeout: Duration = .seconds(30)) throws {
        precondition(size >= 1, "a pool needs at least one connection")
        self.size = size
        self.checkoutTimeout = checkoutTimeout
        idle = Mutex(try (0..<size).map { _ in try PostgresConnection(url: url, connectTimeout: connectTimeout) })
        available = DispatchSemaphore(value: size)
    }

    /// Runs `body` with a connection of its own for the duration, blocking until one is free.
    /// A transaction `body` leaves open (it threw between BEGIN and COMMIT) is rolled back
    /// before the connection goes back to the pool.
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let milliseconds = Int(checkoutTimeout / .milliseconds(1))
        guard available.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else {
            throw PostgresError(
                code: PostgresError.tooManyConnections,
                message: "no pooled connection came free within \(checkoutTimeout)"
            )
        }
        let connection = idle.withLock { $0.removeLast() }
        defer {
            if connection.isInTransaction { _ = try? connection.execute("ROLLBACK") }
            idle.withLock { $0.append(connection) }
            available.signal()
        }
        if !connection.isConnected { try connection.reconnect() }
        return try body(connection)
    }

    /// `PostgresConnection.transaction` on a pooled connection.
    @discardableResult
    public func transaction<T>(_ isolation: PostgresIsolation = .readCommitted, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { try $0.transaction(isolation, body) }
    }

    /// One statement on a pooled connection.
    @discardableResult
    public func execute(_ sql: String, params: [PostgresValue] = []) throws -> PostgresResult {
        try withConnection { try $0.execute(sql, params: params) }
    }

    public func query(_ sql: String, params: [PostgresValue] = []) throws -> [PostgresRow] {
        try execute(sql, params: params).rows
    }
}
