import Foundation

/// The isolation a transaction runs at. PostgreSQL's default, read committed, suits most writes;
/// serializable transactions may fail with `40001` when they race, and are then run again by
/// `retryingTransaction`.
public enum PostgresIsolation: String, Sendable {
    case readCommitted = "READ COMMITTED"
    case repeatableRead = "REPEATABLE READ"
    case serializable = "SERIALIZABLE"
}

extension PostgresConnection {
    /// Runs `body` between BEGIN and COMMIT, holding the connection's lock throughout; if
    /// `body` or COMMIT throws, rolls back and rethrows. Transactions do not nest: calling this
    /// inside one throws `25001`.
    ///
    /// A statement that fails inside the transaction aborts it even if `body` catches the
    /// error; PostgreSQL then turns COMMIT into ROLLBACK, which this reports as `25P02` rather
    /// than returning as though the writes had been kept.
    @discardableResult
    public func transaction<T>(_ isolation: PostgresIsolation = .readCommitted, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withLock {
            guard !isInTransaction else {
                throw PostgresError(code: PostgresError.activeTransaction, message: "a transaction is already open on this connection")
            }
            try execute("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
            do {
                let value = try body(self)
                let commit = try execute("COMMIT")
                guard commit.command == "COMMIT" else {
                    throw PostgresError(
                        code: PostgresError.inFailedTransaction,
                        message: "the transaction was aborted by an earlier error and rolled back",
                        sql: "COMMIT"
                    )
                }
                return value
            } catch {
                // A failed COMMIT has already ended the transaction; otherwise end it here.
                if isInTransaction { _ = try? execute("ROLLBACK") }
                throw error
            }
        }
    }

    /// `transaction`, run again (up to `maxAttempts` times in all) when it fails with a
    /// serialization failure or deadlock (`40001`, `40P01`): PostgreSQL rolled it back whole, so
    /// `body` must only touch the database (or be safe to repeat). Other errors are thrown at once.
    @discardableResult
    public func retryingTransaction<T>(
        _ isolation: PostgresIsolation = .serializable,
        maxAttempts: Int = 5,
        _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        precondition(maxAttempts >= 1, "maxAttempts must be at least 1")
        var attempt = 1
        while true {
            do {
                return try transaction(isolation, body)
            } catch let error as PostgresError where error.isSerializationFailure && attempt < maxAttempts {
                // A short, random, growing pause, so the transactions that collided are unlikely
                // to collide again on their next attempt.
                Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.005) * Double(attempt))
                attempt += 1
            }
        }
    }
}
