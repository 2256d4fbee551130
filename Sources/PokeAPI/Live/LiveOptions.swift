import Foundation
import PokedexModels
import PokemonClient

/// How the live client retries, times out and fans out.
public struct LiveOptions: Sendable {
    public var retry: RetryPolicy
    public var timeouts: HTTPTimeouts
    /// Detail transfers in flight at once when filling rows.
    public var maxConcurrentTransfers: Int
    /// The clock cache entries are stored and aged by (tests move it forward).
    public var now: @Sendable () -> Date
    /// The ids PokeAPI's `/pokemon` serves: the national dex and the alternate forms. The
    /// server checks a star or a route against them without a request, so they are stated
    /// here rather than read from the name index, which may not be fetched yet.
    public var pokemonIDs: PokemonIDs

    public static let pokeAPIIDs = PokemonIDs([1...1025, 10001...10277])

    public init(
        retry: RetryPolicy = RetryPolicy(), timeouts: HTTPTimeouts = HTTPTimeouts(),
        maxConcurrentTransfers: Int = 16, now: @escaping @Sendable () -> Date = { Date() },
        pokemonIDs: PokemonIDs = LiveOptions.pokeAPIIDs
    ) {
        self.pokemonIDs = pokemonIDs
        self.retry = retry
        self.timeouts = timeouts
        self.maxConcurrentTransfers = maxConcurrentTransfers
        self.now = now
    }
}

/// Bounded retries with exponential backoff and jitter, for 5xx answers and timeouts only.
public struct RetryPolicy: Sendable {
    /// Tries in all, the first included.
    public var attempts: Int
    /// The wait before the second try; it doubles for each further try.
    public var baseDelay: Duration
    /// Up to this fraction of each wait is added at random, so clients do not retry in step.
    public var jitter: Double

    public init(attempts: Int = 3, baseDelay: Duration = .milliseconds(100), jitter: Double = 0.2) {
        self.attempts = max(1, attempts)
        self.baseDelay = baseDelay
        self.jitter = jitter
    }

    /// Runs `operation`, trying again after a retryable error while tries remain.
    func run<T>(_ operation: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await operation()
            } catch let error as PokemonClientError where attempt < attempts && Self.isRetryable(error) {
                try await Task.sleep(for: delay(after: attempt))
                attempt += 1
            }
        }
    }

    func delay(after attempt: Int) -> Duration {
        let backoff = baseDelay * (1 << (attempt - 1))
        return backoff + backoff * Double.random(in: 0...jitter)
    }

    static func isRetryable(_ error: PokemonClientError) -> Bool {
        switch error {
        case .timedOut: true
        case let .server(status): (500..<600).contains(status)
        case .notFound, .network, .malformed: false
        }
    }
}
