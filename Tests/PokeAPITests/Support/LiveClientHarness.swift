import Foundation
import PokeAPI
import PokemonClient
import Storage
import Synchronization

/// A loopback PokeAPI, an SQLite cache file and a clock the test moves, for the live client.
final class LiveClientHarness: Sendable {
    let server: TestHTTPServer
    let fixture: PokeAPIFixture
    let http: HTTPClient
    let cachePath: String
    private let directory: TemporaryDirectory
    private let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    static let fastRetry = RetryPolicy(attempts: 3, baseDelay: .milliseconds(5), jitter: 0.2)

    init(detailCount: Int = 40) throws {
        server = try TestHTTPServer()
        fixture = PokeAPIFixture(server: server, count: detailCount)
        http = try HTTPClient()
        directory = try TemporaryDirectory()
        cachePath = directory.path + "/cache.sqlite"
    }

    var now: Date { clock.withLock { $0 } }

    func advanceClock(by seconds: TimeInterval) {
        clock.withLock { $0 += seconds }
    }

    /// Opens the cache file afresh (as a restarted server would) and builds a client on it.
    func makeClient(
        ttl: TimeInterval = 24 * 60 * 60, timeouts: HTTPTimeouts = HTTPTimeouts(), maxConcurrent: Int = 16
    ) throws -> PokemonClient {
        let database = try Database(path: cachePath, migrations: StorageSchema.migrations)
        let options = LiveOptions(retry: Self.fastRetry, timeouts: timeouts, maxConcurrentTransfers: maxConcurrent,
                                  now: { [self] in now })
        return .live(baseURL: fixture.baseURL, http: http, cache: ResponseCache(database: database), ttl: ttl, options: options)
    }
}
