@testable import PokedexServer
import Synchronization

/// A clock for the limits that moves only when told.
final class ManualLimitClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    var now: ContinuousClock.Instant { instant.withLock { $0 } }

    func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }

    var clock: LimitClock { LimitClock { [self] in now } }
}
