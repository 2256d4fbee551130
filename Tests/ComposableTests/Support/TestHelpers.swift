import Composable
import ComposableTesting

extension TestStore {
    /// A store whose failures are collected instead of failing the test (for testing
    /// TestStore's own failure paths).
    static func collectingFailures(
        initialState: R.State, reducer: R, clock: TestClock = TestClock(), into log: FailureLog
    ) -> TestStore {
        let store = TestStore(initialState: initialState, reducer: reducer) { $0.clock = clock }
        store.reportFailure = { message, _, _ in log.messages.append(message) }
        return store
    }
}

@MainActor
final class FailureLog {
    var messages: [String] = []
}
