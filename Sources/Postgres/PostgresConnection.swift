import CPostgres
import Foundation

/// One connection to a PostgreSQL server: the one place that calls libpq for statements.
///
/// Safe to share between threads: every call takes the connection's (recursive) lock, and
/// `transaction`/`withLock` hold it across their body, so another thread's statements never land
/// inside someone else's transaction; they wait for it to end. Calls block the calling thread
/// for a network round trip, so make them off event-loop threads (see `PostgresPool`).
///
/// Sessions run with `TimeZone=UTC`, ISO dates and UTF-8, whatever the server's defaults, so
/// every process reads the same text for the same value. (`options` in the URL replaces the
/// first two.)
public final class PostgresConnection: @unchecked Sendable {
    /// `PGconn *`; only touched under `lock`.
    let handle: OpaquePointer
    private let lock = NSRecursiveLock()
    private var isClosed = false
    /// Names of the statements prepared in this server session (`PostgresPipeline`); a new
    /// session (`reconnect`) has none.
    var preparedNames: Set<String> = []
    /// The statements `execute` prepared in this server session, by parameter types and SQL.
    var statementCache = StatementCache()

    /// Connects to `url`, e.g. `postgresql://postgres@127.0.0.1:54321/pokedex` (any libpq
    /// connection URI or `key=value` string). Throws `08001` if the server cannot be reached or
    /// refuses; waits at most `connectTimeout` for it.
    public init(url: String, connectTimeout: Duration = .seconds(10)) throws {
        // Later keywords override earlier ones, and the URL is expanded where `dbname` stands:
        // its own settings win over our defaults, and the encoding is always UTF-8.
        let settings: [(String, String)] = [
            ("connect_timeout", String(max(2, Int(connectTimeout / .seconds(1))))),
            ("options", "-c TimeZone=UTC -c DateStyle=ISO"),
            ("dbname", url),
            ("client_encoding", "UTF8"),
        ]
        let connection = withCStrings(settings.map(\.0) + [nil]) { keywords in
            withCStrings(settings.map(\.1) + [nil]) { values in
                PQconnectdbParams(keywords, values, 1)
            }
        }
        guard let connection else {
            throw PostgresError(code: PostgresError.unableToConnect, message: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.errorMessage(connection)
            PQfinish(connection)
            throw PostgresError(code: PostgresError.unableToConnect, message: message)
        }
        handle = connection
        Self.silenceNotices(connection)
    }

    deinit {
        close()
    }

    /// Closes the connection now; later calls throw `08006`.
    public func close() {
        withLock {
            guard !isClosed else { return }
            isClosed = true
            PQfinish(handle)
        }
    }

    /// Whether the connection is up. libpq only learns of a broken connection when it reads
    /// from it, so this first reads whatever the server sent while the connection sat idle: a
    /// server that shut down or ended this session has closed the socket, and that is noticed
    /// here without a round trip. A connection that broke silently (a network cut) still reads
    /// as connected until a statement fails with `isConnectionFailure`.
    public var isConnected: Bool {
        withLock {
            guard !isClosed else { return false }
            // A server ending the session sends its FATAL message, then closes: libpq may read the
            // message in one call and find the end of the stream only in the next.
            var reads = 0
            while reads < 4, PQstatus(handle) == CONNECTION_OK, !isInTransaction, socketIsReadable(timeoutMilliseconds: 0) {
                PQconsumeInput(handle)
                discardNotifications()
                reads += 1
            }
            return PQstatus(handle) == CONNECTION_OK
        }
    }

    /// Closes and reopens the connection with the same settings (a new server session: its
    /// prepared state, temporary tables and LISTENs are gone). Throws `08001` if that fails;
    /// the connection then stays broken and may be reconnected again.
    public func reconnect() throws {
        try withLock {
            try checkOpen()
            forgetPreparedStatements()
            PQreset(handle)
            Self.silenceNotices(handle)
            guard PQstatus(handle) == CONNECTION_OK else {
                throw PostgresError(code: PostgresError.unableToConnect, message: Self.errorMessage(handle))
            }
        }
    }

    /// The server process serving this session (`pg_backend_pid()`), also the sender pid of the
    /// notifications it sends.
    public var backendPID: Int32 { withLock { isClosed ? 0 : PQbackendPID(handle) } }

    /// Whether a transaction is open (or aborted and awaiting ROLLBACK) on this connection.
    public var isInTransaction: Bool {
        withLock {
            guard !isClosed else { return false }
            let status = PQtransactionStatus(handle)
            return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
        }
    }

    /// Runs one statement with `$1, $2, …` bound to `params` and returns its rows. Parameters
    /// travel apart from the SQL text, so no value, however it looks, is read as SQL.
    ///
    /// A statement with parameters is prepared once per server session and executed by name
    /// afterwards (`StatementCache`): planning a short query costs the server more than running
    /// it, and the same few queries run for every session.
    @discardableResult
    public func execute(_ sql: String, params: [PostgresValue] = []) throws -> PostgresResult {
        let encoded = try params.map(EncodedParameter.init)
        return try withLock {
            try checkOpen()
            let types = encoded.map(\.type)
            if !encoded.isEmpty, let name = try preparedName(for: sql, types: types) {
                let result = withCStrings(encoded.map(\.text)) { values in
                    PQexecPrepared(handle, name, Int32(encoded.count), values, nil, nil, 0)
                }
                do {
                    return try take(result, sql: sql)
                } catch let error as PostgresError where StatementCache.invalidates(error) {
                    // The schema changed under the plan (another process migrated): prepare anew.
                    statementCache.forget(sql: sql, types: types)
                    guard !isInTransaction else { throw error }
                }
            }
            let result = withCStrings(encoded.map(\.text)) { values in
                types.withUnsafeBufferPointer { types in
                    // Text-format parameters (nil lengths and formats), text-format results (0).
                    PQexecParams(handle, sql, Int32(encoded.count), types.baseAddress, values, nil, nil, 0)
                }
            }
            return try take(result, sql: sql)
        }
    }

    /// The name `sql` is prepared under in this session, preparing it first; nil when the cache
    /// is full (the statement then runs unnamed). Under the lock.
    private func preparedName(for sql: String, types: [Oid]) throws -> String? {
        if let name = statementCache.name(sql: sql, types: types) { return name }
        guard let name = statementCache.reserveName(sql: sql, types: types) else { return nil }
        let result = types.withUnsafeBufferPointer { types in
            PQprepare(handle, name, sql, Int32(types.count), types.baseAddress)
        }
        do {
            _ = try take(result, sql: sql)
        } catch {
            statementCache.forget(sql: sql, types: types)
            throw error
        }
        return name
    }

    /// A new server session has no prepared statements.
    func forgetPreparedStatements() {
        preparedNames = []
        statementCache = StatementCache()
    }

    /// `execute`'s rows.
    public func query(_ sql: String, params: [PostgresValue] = []) throws -> [PostgresRow] {
        try execute(sql, params: params).rows
    }

    /// The first row, or nil when there is none.
    public func queryFirst(_ sql: String, params: [PostgresValue] = []) throws -> PostgresRow? {
        try execute(sql, params: params).rows.first
    }

    /// Runs one or more `;`-separated statements without parameters (schema scripts). Unless a
    /// transaction is open, they run in one implicit transaction: all or none.
    public func executeScript(_ sql: String) throws {
        try withLock {
            try checkOpen()
            _ = try take(PQexec(handle, sql), sql: sql)
        }
    }

    /// Sends a notification to `channel`'s listeners: at once outside a transaction, at COMMIT
    /// inside one (and never if it rolls back).
    public func notify(channel: String, payload: String = "") throws {
        try execute("SELECT pg_notify($1, $2)", params: [.text(channel), .text(payload)])
    }

    /// Runs `body` holding this connection's lock, for a sequence of statements that no other
    /// thread may interleave with (without a transaction; see `transaction`).
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: - For the rest of the module (under the lock)

    /// The socket's descriptor, -1 when there is none; for `PostgresListener`'s `poll`.
    var socket: Int32 { withLock { isClosed ? -1 : PQsocket(handle) } }

    /// Reads what the server has sent without blocking. False when the connection broke.
    func consumeInput() -> Bool {
        withLock { !isClosed && PQconsumeInput(handle) == 1 && PQstatus(handle) == CONNECTION_OK }
    }

    /// Takes the notifications read so far, oldest first.
    func takeNotifications() -> [PostgresNotification] {
        withLock {
            guard !isClosed else { return [] }
            var notifications: [PostgresNotification] = []
            while let notify = PQnotifies(handle) {
                notifications.append(
                    PostgresNotification(
                        channel: String(cString: notify.pointee.relname),
                        payload: String(cString: notify.pointee.extra),
                        senderPID: notify.pointee.be_pid
                    )
                )
                PQfreemem(notify)
            }
            return notifications
        }
    }

    // MARK: - Private

    func checkOpen() throws {
        guard !isClosed else {
            throw PostgresError(code: PostgresError.connectionFailure, message: "the connection is closed")
        }
    }

    private func discardNotifications() {
        while let notify = PQnotifies(handle) { PQfreemem(notify) }
    }

    private func socketIsReadable(timeoutMilliseconds: Int32) -> Bool {
        let descriptor = PQsocket(handle)
        guard descriptor >= 0 else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, timeoutMilliseconds) > 0
    }

    /// Turns a `PGresult` into rows or an error, and frees it.
    func take(_ result: OpaquePointer?, sql: String) throws -> PostgresResult {
        guard let result else {
            // libpq returns no result only when it could not send the statement at all.
            throw PostgresError(code: connectionErrorCode, message: Self.errorMessage(handle), sql: sql)
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return ResultDecoding.decode(result)
        default:
            throw error(from: result, sql: sql)
        }
    }

    func error(from result: OpaquePointer, sql: String) -> PostgresError {
        func field(_ code: UInt8) -> String? {
            PQresultErrorField(result, Int32(code)).map { String(cString: $0) }
        }
        // No SQLSTATE means libpq made the error itself: usually the connection went away.
        let message = field(UInt8(ascii: "M")) ?? String(cString: PQresultErrorMessage(result))
        return PostgresError(
            code: field(UInt8(ascii: "C")) ?? connectionErrorCode,
            message: message.trimmingCharacters(in: .whitespacesAndNewlines),
            detail: field(UInt8(ascii: "D")),
            constraint: field(UInt8(ascii: "n")),
            sql: sql
        )
    }

    var connectionErrorCode: String {
        PQstatus(handle) == CONNECTION_OK ? PostgresError.internalError : PostgresError.connectionFailure
    }

    static func errorMessage(_ connection: OpaquePointer) -> String {
        String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// libpq prints server notices (`NOTICE: relation … already exists, skipping`, the FATAL of a
    /// server shutting down) to stderr; errors reach callers as `PostgresError` instead.
    private static func silenceNotices(_ connection: OpaquePointer) {
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }
}

/// Calls `body` with `strings` as C strings that live until it returns.
func withCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) throws -> R) rethrows -> R {
    let copies = strings.map { $0.map { UnsafePointer(strdup($0)!) } }
    defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return try body(copies)
}
