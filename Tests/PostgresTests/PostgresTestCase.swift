import Foundation
import PostgresTesting
import Postgres
import Synchronization
import XCTest

/// A test case whose tests each get a fresh, empty database on a real PostgreSQL server.
///
/// The server is the one `POKEDEX_TEST_POSTGRES_URL` names (scripts/test starts one for all
/// suites), or else a cluster that this class starts in its class `setUp` and stops in its
/// class `tearDown`. Without PostgreSQL every test fails, saying so: CI installs it through
/// scripts/setup, and a skipped suite would hide that it is gone.
class PostgresTestCase: XCTestCase {
    /// The URL of the database the current test owns.
    private(set) var databaseURL = ""

    /// Per test class: the cluster it started (nil when the environment named a server) and
    /// the URL of the server's `pokedex` database, or why there is none.
    private static let servers = Mutex<[ObjectIdentifier: Result<(TestCluster?, String), TestClusterError>]>([:])

    override class func setUp() {
        super.setUp()
        let server: Result<(TestCluster?, String), TestClusterError>
        if let url = ProcessInfo.processInfo.environment["POKEDEX_TEST_POSTGRES_URL"], !url.isEmpty {
            server = .success((nil, url))
        } else {
            do {
                let cluster = try TestCluster.start()
                server = .success((cluster, cluster.url))
            } catch {
                server = .failure(error as? TestClusterError ?? TestClusterError(message: "\(error)"))
            }
        }
        servers.withLock { $0[ObjectIdentifier(self)] = server }
    }

    override class func tearDown() {
        let server = servers.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
        if case let .success((cluster?, _)) = server { cluster.remove() }
        super.tearDown()
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let server = Self.servers.withLock { $0[ObjectIdentifier(type(of: self))] }
        guard case let .success((_, serverURL)) = server else {
            if case let .failure(error) = server { throw error }
            throw TestClusterError(message: "no server was set up for \(type(of: self))")
        }
        // A database per test: tables, and NOTIFY channels, cannot leak from one test to another.
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try PostgresConnection(url: serverURL)
        try admin.execute("CREATE DATABASE \(name)")
        databaseURL = try Self.url(serverURL, database: name)
        addTeardownBlock {
            // FORCE ends sessions a failed test left open.
            _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }

    /// A new connection to this test's database.
    func connect() throws -> PostgresConnection {
        try PostgresConnection(url: databaseURL)
    }

    private static func url(_ serverURL: String, database: String) throws -> String {
        guard var components = URLComponents(string: serverURL) else {
            throw TestClusterError(message: "not a URL: \(serverURL)")
        }
        components.path = "/" + database
        guard let url = components.string else { throw TestClusterError(message: "cannot rewrite \(serverURL)") }
        return url
    }
}
