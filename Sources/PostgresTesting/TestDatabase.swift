import Foundation
import Postgres
import Synchronization
import TestSupport

/// A fresh, empty database on a real PostgreSQL server, for one test: on the server that
/// `POKEDEX_TEST_POSTGRES_URL` names (scripts/test starts one for every suite), else on a
/// cluster started once for the test process. Dropped by `drop`.
public final class TestDatabase: Sendable {
    /// `postgresql://…/test_…`
    public let url: String
    private let name: String
    private let admin: PostgresConnection

    /// A new database on `serverURL`, or on the suites' shared server.
    public static func create(on serverURL: String? = nil) throws -> TestDatabase {
        try TestDatabase(serverURL: serverURL ?? sharedServer())
    }

    private init(serverURL: String) throws {
        name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        admin = try PostgresConnection(url: serverURL)
        try admin.execute("CREATE DATABASE \(name)")
        guard var components = URLComponents(string: serverURL) else { throw TestClusterError(message: "not a URL: \(serverURL)") }
        components.path = "/" + name
        url = components.string ?? serverURL
    }

    /// Drops the database, ending the sessions still on it.
    public func drop() {
        _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs one statement on a connection of its own.
    public func query(_ sql: String, _ params: [PostgresValue] = []) throws -> [PostgresRow] {
        try PostgresConnection(url: url).query(sql, params: params)
    }

    /// Waits until `sql` returns a row (what a test waits for that nothing announces, such
    /// as a throttled save), checking every 20 ms, for at most `timeout`.
    public func waitUntil(_ sql: String, _ params: [PostgresValue] = [], timeout: Duration = .seconds(10)) async throws {
        let connection = try PostgresConnection(url: url)
        try await TestSupport.waitUntil("a row for: \(sql)", timeout: timeout, every: .milliseconds(20)) {
            try !connection.query(sql, params: params).isEmpty
        }
    }

    private static let shared = Mutex<Result<TestCluster, TestClusterError>?>(nil)

    private static func sharedServer() throws -> String {
        if let url = ProcessInfo.processInfo.environment["POKEDEX_TEST_POSTGRES_URL"], !url.isEmpty { return url }
        let result = shared.withLock { shared -> Result<TestCluster, TestClusterError> in
            if let shared { return shared }
            let started = Result { try TestCluster.start() }.mapError { $0 as? TestClusterError ?? TestClusterError(message: "\($0)") }
            if case let .success(cluster) = started {
                atexit_cluster = cluster
                atexit { atexit_cluster?.remove() }
            }
            shared = started
            return started
        }
        return try result.get().url
    }
}

/// The cluster `TestDatabase` started, removed when the test process exits.
nonisolated(unsafe) private var atexit_cluster: TestCluster?
