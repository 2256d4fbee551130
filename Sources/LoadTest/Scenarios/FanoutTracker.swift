import StateSync
import Synchronization

/// Star writes in flight to the members of one shared list: a write is done when every member's
/// copy shows the new value; its fan-out latency is from the writer's send to that moment.
final class FanoutTracker: SessionObserver {
    private struct Write {
        var expected: Bool
        var sentAt: ContinuousClock.Instant
        /// By session index: whether that member's copy has yet to show the write. Flags, not
        /// a set: both of the tester's loops mark members of every write, and a set's removal
        /// hashed into a table of 10,000 (a flag is one byte).
        var isWaiting: [Bool]
        var waitingCount: Int
        /// From the send to each member's copy showing the write.
        var reached = LatencyHistogram()

        /// `member`'s copy shows `shown` at `now`: marks it as reached if that is the written
        /// value and it was waiting. Returns the write's fan-out time once it reached everyone.
        mutating func reach(_ member: Int, showing shown: Bool, at now: ContinuousClock.Instant) -> Duration? {
            guard shown == expected, member < isWaiting.count, isWaiting[member] else { return nil }
            isWaiting[member] = false
            waitingCount -= 1
            let elapsed = now - sentAt
            reached.record(elapsed)
            return waitingCount == 0 ? elapsed : nil
        }
    }

    private let recorder: Recorder
    private let writes = Mutex<[Int: Write]>([:])
    /// Every member (the owner included), flagged by session index.
    private let members = Mutex([Bool]())

    init(recorder: Recorder) {
        self.recorder = recorder
    }

    func setMembers(_ indices: Set<Int>) {
        var isMember = [Bool](repeating: false, count: (indices.max() ?? -1) + 1)
        for index in indices { isMember[index] = true }
        members.withLock { $0 = isMember }
    }

    var pendingIDs: Set<Int> { writes.withLock { Set($0.keys) } }

    /// A writer is about to toggle `id` so that its star becomes `expected`.
    func begin(id: Int, expected: Bool) {
        let everyone = members.withLock { $0 }
        let count = everyone.count { $0 }
        writes.withLock { $0[id] = Write(expected: expected, sentAt: .now, isWaiting: everyone, waitingCount: count) }
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
                // One lookup per id; the write is changed through its index, in place (a copy
                // of it alive would make the mark copy the flags of every member).
                guard let index = writes.index(forKey: id),
                      let fanout = writes.values[index].reach(member, showing: favorites?[String(id)] == true, at: now) else { continue }
                recorder.fannedOut(after: fanout, reachingEach: writes.values[index].reached)
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
