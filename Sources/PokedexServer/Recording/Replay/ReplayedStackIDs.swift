import Composable
import Synchronization

/// The stack ids a recording says its reducers took, given again in order to the replay's
/// reducers (a pushed screen's id is in the state the browser is sent, and the browser's
/// actions name it). One taken beyond them is noted (`UnrecordedReads`) and made up.
final class ReplayedStackIDs: Sendable {
    private let pending: Mutex<[Int]>
    private let unrecorded: UnrecordedReads?

    init(_ ids: [Int], unrecorded: UnrecordedReads? = nil) {
        pending = Mutex(ids)
        self.unrecorded = unrecorded
    }

    /// The ids the next action's reductions take.
    func give(_ ids: [Int]) {
        pending.withLock { $0 = ids }
    }

    var generator: StackElementIDGenerator {
        StackElementIDGenerator { [self] in
            if let id = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return StackElementID(id) }
            unrecorded?.note("stack id")
            return StackElementIDGenerator.processWide()
        }
    }
}
