import Composable
import Foundation
import Synchronization

/// The clock, date and id generators a replay's reducers see: a recording (format 1) keeps no
/// clock or random values because no reducer reads one (the clock is read in effects only,
/// whose results are recorded). These note a read, so a reducer that starts reading one makes
/// the replay say so, at that action, instead of replaying with this machine's values.
final class UnrecordedReads: Sendable {
    private let reads = Mutex<[String]>([])

    func note(_ what: String) {
        reads.withLock { if !$0.contains(what) { $0.append(what) } }
    }

    /// What was read since the last call.
    func take() -> [String] {
        reads.withLock { reads in
            defer { reads = [] }
            return reads
        }
    }

    func install(in dependencies: inout DependencyValues) {
        dependencies.date = DateGenerator { [self] in
            note("date")
            return Date(timeIntervalSince1970: 0)
        }
        dependencies.uuid = UUIDGenerator { [self] in
            note("uuid")
            return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        }
        dependencies.clock = NotingClock(reads: self)
    }

    /// A clock whose time is a read to note (a fixed instant: the replay reads no machine's
    /// time); sleeping on it (an effect's) never happens in a replay, where no effect runs.
    struct NotingClock: Clock {
        struct Instant: InstantProtocol {
            var offset: Duration
            func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
            func duration(to other: Instant) -> Duration { other.offset - offset }
            static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        }

        let reads: UnrecordedReads
        var now: Instant {
            reads.note("clock")
            return Instant(offset: .zero)
        }

        var minimumResolution: Duration { .zero }

        func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            reads.note("clock")
            throw CancellationError()
        }
    }
}
