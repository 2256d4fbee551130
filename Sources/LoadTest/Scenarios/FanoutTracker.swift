import StateSync
import Synchronization

/// Star writes in flight to the members of one shared list: a write is done when every member's
/// copy shows the new value; its fan-out latency is from the writer's send to that moment.
final class FanoutTracker: SessionObserver {
    private struct Write {
        var expected: Bool
        var sentAt: ContinuousClock.Instant
        var waitingFor: Set<Int>
        /// From the send to each member's copy showing the write.
        var reached = LatencyHistogram()
    }

    private let recorder: Recorder
    private let writes = Mutex<[Int: Write]>([:])
    /// Session indices of every member (the owner included).
    private let members: Mutex<Set<Int>> = Mutex([])

    init(recorder: Recorder) {
        self.recorder = recorder
    }

    func setMembers(_ indices: Set<Int>) {
        members.withLock { $0 = indices }
    }

    var pendingIDs: Set<Int> { writes.withLock { Set($0.keys) } }

    /// A writer is about to toggle `id` so that its star becomes `expected`.
    func begin(id: Int, expected: Bool) {
        let everyone = members.withLock { $0 }
        writes.withLock { $0[id] = Write(expected: expected, sentAt: .now, waitingFor: everyone) }
    }

    /// The write of `id` was never sent.
    func cancel(id: Int) {
        writes.withLock { $0[id] = nil }
    }

    func session(_ session: SimulatedSession, applied ops: [PatchOperation], state: JSONValue) {
        member(session.index, applied: ops, favorites: state["favorites"], at: .now)
    }

    /// Member `member`'s copy, with `favorites`, had `ops` applied at `now`.
    func member(_ member: Int, applied ops: [PatchOperation], favorites: JSONValue?, at now: ContinuousClock.Instant) {
        let touched = Self.favoriteIDs(touchedBy: ops, pending: pendingIDs)
        guard !touched.isEmpty else { return }
        writes.withLock { writes in
            for id in touched {
                // One lookup per id; the write is changed through its index, in place, with no
                // copy of it alive: a copy would make the removal copy the set of every member,
                // for every member (20% of the tester at 5,000 members).
                guard let index = writes.index(forKey: id) else { continue }
                let shown = favorites?[String(id)] == true
                guard shown == writes.values[index].expected,
                      writes.values[index].waitingFor.remove(member) != nil else { continue }
                let elapsed = now - writes.values[index].sentAt
                writes.values[index].reached.record(elapsed)
                guard writes.values[index].waitingFor.isEmpty else { continue }
                recorder.fannedOut(after: elapsed, reachingEach: writes.values[index].reached)
                writes.remove(at: index)
            }
        }
    }

    /// Ids whose star an op may have changed: `/favorites/25`, or all pending ones when the
    /// whole `/favorites` object was replaced (only then is `pending` read: every member runs
    /// this for every patch).
    /// An array, not a set: a patch touches one id or two, and every member builds this for
    /// every patch (a set cost two allocations each time). Read on the bytes of the paths.
    static func favoriteIDs(touchedBy ops: [PatchOperation], pending: @autoclosure () -> Set<Int>) -> [Int] {
        var ids: [Int] = []
        for op in ops {
            let path = op.path.utf8
            guard path.starts(with: favoritesPath.utf8) else { continue }
            let rest = path.dropFirst(favoritesPath.utf8.count)
            if rest.isEmpty { return Array(pending()) }
            if rest.first == UInt8(ascii: "/"), let id = Int(Substring(rest.dropFirst())), !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    private static let favoritesPath = "/favorites"
}
