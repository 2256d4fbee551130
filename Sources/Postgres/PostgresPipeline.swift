import CPostgres

/// A statement for `PostgresConnection.pipelinedTransaction`: its SQL and parameters, and
/// optionally the name it is prepared under, once per server session, so the server parses and
/// plans it once rather than on every run.
public struct PostgresStatement: Sendable {
    public var sql: String
    public var params: [PostgresValue]
    public var preparedName: String?

    public init(_ sql: String, params: [PostgresValue] = [], preparedName: String? = nil) {
        self.sql = sql
        self.params = params
        self.preparedName = preparedName
    }
}

extension PostgresConnection {
    /// Runs `statements` in one transaction for one wait on the server: libpq's pipeline mode
    /// sends the prepares this session still lacks, BEGIN, every statement and COMMIT before it
    /// reads any answer. A batch of N statements then waits for the network once, not N + 2
    /// times, which is what a group commit's holder of the list rows waits through.
    ///
    /// Returns each statement's result, in order, once the transaction has committed. The first
    /// statement that fails aborts the transaction (the server skips what follows it until the
    /// pipeline's end): this rolls back and throws that statement's error.
    ///
    /// Results are read only after everything is sent, so keep a pipeline's answers well under a
    /// socket buffer (hundreds of small rows, not a table).
    public func pipelinedTransaction(_ statements: [PostgresStatement]) throws -> [PostgresResult] {
        let encoded = try statements.map { try $0.params.map(EncodedParameter.init) }
        return try withLock {
            try checkOpen()
            guard !isInTransaction else {
                throw PostgresError(code: PostgresError.activeTransaction, message: "a transaction is already open on this connection")
            }
            guard PQenterPipelineMode(handle) == 1 else {
                throw PostgresError(code: connectionErrorCode, message: Self.errorMessage(handle))
            }
            let sent = send(statements, encoded)
            let outcome = receive(sent, statements)
            if PQexitPipelineMode(handle) != 1 {
                // Answers still pending (a send broke off): only a new session is in a known state.
                forgetPreparedStatements()
                PQreset(handle)
            }
            switch outcome {
            case let .success(results):
                return results
            case let .failure(error):
                if isInTransaction { _ = try? execute("ROLLBACK") }
                throw error
            }
        }
    }

    /// What was queued, in order, so each answer is matched to its command.
    private enum Sent {
        case prepare(String)
        case begin
        case statement(Int)
        case commit
    }

    /// Queues the pipeline and its sync; stops at the first command libpq could not queue (the
    /// connection broke), which `receive` then reports.
    private func send(_ statements: [PostgresStatement], _ encoded: [[EncodedParameter]]) -> [Sent] {
        var sent: [Sent] = []
        var preparing: Set<String> = []
        for (statement, parameters) in zip(statements, encoded) {
            guard let name = statement.preparedName, !preparedNames.contains(name), preparing.insert(name).inserted else { continue }
            let queued = parameters.map(\.type).withUnsafeBufferPointer { types in
                PQsendPrepare(handle, name, statement.sql, Int32(parameters.count), types.baseAddress)
            }
            guard queued == 1 else { return sent }
            sent.append(.prepare(name))
        }
        guard PQsendQueryParams(handle, "BEGIN", 0, nil, nil, nil, nil, 0) == 1 else { return sent }
        sent.append(.begin)
        for (index, (statement, parameters)) in zip(statements, encoded).enumerated() {
            let queued = withCStrings(parameters.map(\.text)) { values in
                parameters.map(\.type).withUnsafeBufferPointer { types in
                    if let name = statement.preparedName {
                        // Text-format parameters and results, as `execute` sends them.
                        return PQsendQueryPrepared(handle, name, Int32(parameters.count), values, nil, nil, 0)
                    }
                    return PQsendQueryParams(handle, statement.sql, Int32(parameters.count), types.baseAddress, values, nil, nil, 0)
                }
            }
            guard queued == 1 else { return sent }
            sent.append(.statement(index))
        }
        guard PQsendQueryParams(handle, "COMMIT", 0, nil, nil, nil, nil, 0) == 1 else { return sent }
        sent.append(.commit)
        _ = PQpipelineSync(handle)
        return sent
    }

    /// Reads every queued command's answers, then the sync's.
    private func receive(_ sent: [Sent], _ statements: [PostgresStatement]) -> Result<[PostgresResult], PostgresError> {
        var results: [PostgresResult?] = Array(repeating: nil, count: statements.count)
        var failure: PostgresError?
        for command in sent {
            // Each command's answers end with a null result.
            while let result = PQgetResult(handle) {
                defer { PQclear(result) }
                let status = PQresultStatus(result)
                if status == PGRES_PIPELINE_ABORTED { continue }
                let sql: String
                switch command {
                case let .prepare(name): sql = statements.first { $0.preparedName == name }?.sql ?? ""
                case .begin: sql = "BEGIN"
                case let .statement(index): sql = statements[index].sql
                case .commit: sql = "COMMIT"
                }
                guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
                    if failure == nil { failure = error(from: result, sql: sql) }
                    continue
                }
                switch command {
                case let .prepare(name):
                    preparedNames.insert(name)
                case let .statement(index):
                    results[index] = ResultDecoding.decode(result)
                case .commit:
                    if failure == nil, String(cString: PQcmdStatus(result)) != "COMMIT" {
                        failure = PostgresError(
                            code: PostgresError.inFailedTransaction,
                            message: "the transaction was aborted by an earlier error and rolled back", sql: "COMMIT")
                    }
                case .begin:
                    break
                }
            }
        }
        if !sent.contains(where: { if case .commit = $0 { true } else { false } }) {
            failure = failure ?? PostgresError(code: connectionErrorCode, message: Self.errorMessage(handle))
        } else {
            // The sync's answer closes the pipeline.
            while let result = PQgetResult(handle) {
                let status = PQresultStatus(result)
                PQclear(result)
                if status == PGRES_PIPELINE_SYNC { break }
            }
        }
        if let failure { return .failure(failure) }
        return .success(results.map { $0 ?? PostgresResult(rows: [], columns: [], affectedRows: 0, command: "") })
    }
}
