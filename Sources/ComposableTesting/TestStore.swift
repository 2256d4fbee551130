import Composable
import Foundation
import Synchronization
import XCTest

/// Drives a feature in a test, TCA style: `await store.send(.tapped) { $0.count = 1 }` states
/// the exact change an action makes, `await store.receive(.loaded(x)) { … }` the actions its
/// effects send back. Exhaustive by default: an unasserted change, an unreceived action or an
/// effect still running at the end fails the test.
@MainActor
public final class TestStore<R: Reducer & Sendable> where R.State: Equatable, R.Action: Equatable {
    public enum Exhaustivity: Sendable { case on, off }

    /// `.off` checks only what the test states and lets it skip received actions.
    public var exhaustivity: Exhaustivity = .on
    /// How long `receive` and `finish` wait by default.
    public var timeout: Duration = .seconds(1)
    /// Where failures go; XCTFail by default. TestStore's own tests collect them.
    public var reportFailure: @MainActor (String, StaticString, UInt) -> Void = { message, file, line in
        XCTFail(message, file: file, line: line)
    }

    let core: StoreCore<R>
    private var received: [(record: ReducedAction<R>, sender: Int?)] = []
    private var recorder = ActionRecorder<R>()
    private let issues = IssueLog()

    public init(
        initialState: R.State,
        reducer: R,
        withDependencies prepare: (inout DependencyValues) -> Void = { _ in }
    ) {
        var dependencies = DependencyValues.current
        dependencies.context = .test
        let issues = self.issues
        dependencies.reportIssue = { message in issues.append(message) }
        prepare(&dependencies)
        let reference = WeakReference<TestStore<R>>()
        core = StoreCore(
            state: initialState,
            reducer: reducer,
            dependencies: dependencies,
            sendBack: { action, taskID in await reference.value?.receiveFromEffect(action, from: taskID) },
            taskEnded: { id in await reference.value?.effectEnded(id) },
            scheduledFired: { action, id in Task { await reference.value?.receiveScheduled(action, id) } }
        )
        reference.value = self
        core.didReduce = { [unowned self] action in recorder.record(action, state: core.state) }
    }

    isolated deinit {
        guard exhaustivity == .on else { core.tearDown(); return }
        flushIssues(file: #file, line: #line)
        if !received.isEmpty {
            reportFailure("The store received \(received.count) unasserted action(s):\n\(received.map { "  \($0.record.action)" }.joined(separator: "\n"))", #file, #line)
        }
        if core.effects.runningCount > 0 {
            reportFailure("\(core.effects.runningCount) effect(s) still running at the end of the test. Cancel them, await them (finish()), or receive their actions.", #file, #line)
        }
        core.tearDown()
    }

    /// The current state.
    public var state: R.State { core.state }

    /// Sends `action` and asserts the state change it makes with `updateExpected`, which
    /// mutates a copy of the previous state into the expected one.
    @discardableResult
    public func send(
        _ action: R.Action,
        assert updateExpected: ((inout R.State) throws -> Void)? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async -> TestStoreTask {
        flushIssues(file: file, line: line)
        if exhaustivity == .on, !received.isEmpty {
            reportFailure("Must handle \(received.count) received action(s) before sending an action:\n\(received.map { "  \($0.record.action)" }.joined(separator: "\n"))", file, line)
        }
        recorder.start(state: core.state)
        let tasks = core.process(action) ?? []
        var records = recorder.finish()
        let sent = records.removeFirst()
        received.append(contentsOf: records.map { (record: $0, sender: nil) })
        check(sent, updateExpected, file: file, line: line)
        await Task.yield()
        flushIssues(file: file, line: line)
        return TestStoreTask(tasks: tasks)
    }

    /// Waits for the next action an effect sent, checks it equals `expected`, and asserts the
    /// state change it made.
    public func receive(
        _ expected: R.Action,
        timeout: Duration? = nil,
        assert updateExpected: ((inout R.State) throws -> Void)? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        await receive(timeout: timeout, matching: { $0 == expected }, description: "\(expected)", updateExpected, file: file, line: line)
    }

    /// Like `receive(_:)`, for an action recognised by a predicate.
    public func receive(
        timeout: Duration? = nil,
        matching predicate: (R.Action) -> Bool,
        description: String = "a matching action",
        _ updateExpected: ((inout R.State) throws -> Void)? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let deadline = ContinuousClock.now + (timeout ?? self.timeout)
        while true {
            if exhaustivity == .off {
                while let first = received.first, !predicate(first.record.action) { received.removeFirst() }
            }
            if !received.isEmpty { break }
            if ContinuousClock.now >= deadline {
                reportFailure("Expected to receive \(description), but received nothing within \(timeout ?? self.timeout).", file, line)
                return
            }
            // Effects run on other executors: wait for one to send, up to the deadline.
            try? await Task.sleep(for: .milliseconds(1))
        }
        let (next, sender) = received.removeFirst()
        if !predicate(next.action) {
            reportFailure("Received an unexpected action.\nExpected: \(description)\nReceived: \(next.action)", file, line)
        }
        check(next, updateExpected, file: file, line: line)
        await settle(sender: sender, deadline: deadline)
        flushIssues(file: file, line: line)
    }

    /// Waits until every effect has finished; fails if one is still running at the timeout.
    public func finish(timeout: Duration? = nil, file: StaticString = #filePath, line: UInt = #line) async {
        let deadline = ContinuousClock.now + (timeout ?? self.timeout)
        while core.effects.runningCount > 0 {
            if ContinuousClock.now >= deadline {
                reportFailure("\(core.effects.runningCount) effect(s) still running after \(timeout ?? self.timeout).", file, line)
                return
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        flushIssues(file: file, line: line)
    }

    /// Drops received actions the test does not care about.
    public func skipReceivedActions() {
        received.removeAll()
    }

    /// Cancels effects the test does not care about.
    public func skipInFlightEffects() {
        core.tearDown()
    }

    private func receiveFromEffect(_ action: R.Action, from taskID: Int) {
        guard !Task.isCancelled else { return }
        reduceReceived(action, from: taskID)
    }

    /// A delayed send's action (`TestClock` fired it in `advance`), unless it was cancelled.
    private func receiveScheduled(_ action: R.Action, _ id: Int) {
        guard core.effects.fired(id) else { return }
        reduceReceived(action, from: id)
    }

    private func reduceReceived(_ action: R.Action, from sender: Int) {
        recorder.start(state: core.state)
        _ = core.process(action)
        received.append(contentsOf: recorder.finish().map { (record: $0, sender: sender) })
    }

    /// After a received action, lets its sender finish or send again, so an effect whose last
    /// act was that send is not counted as still running.
    private func settle(sender taskID: Int?, deadline: ContinuousClock.Instant) async {
        guard let taskID else { return }
        while core.effects.isRunning(taskID), !received.contains(where: { $0.sender == taskID }),
              ContinuousClock.now < deadline {
            await Task.yield()
        }
    }

    private func effectEnded(_ id: Int) {
        core.effects.finished(id)
    }

    private func check(_ record: ReducedAction<R>, _ updateExpected: ((inout R.State) throws -> Void)?, file: StaticString, line: UInt) {
        let comparison = ExpectationCheck(record: record, exhaustive: exhaustivity == .on)
        if let failure = comparison.failure(updateExpected) {
            reportFailure(failure, file, line)
        }
    }

    private func flushIssues(file: StaticString, line: UInt) {
        for issue in issues.drain() { reportFailure(issue, file, line) }
    }
}

/// The effects one `send` started.
public struct TestStoreTask: Sendable {
    let tasks: [Task<Void, Never>]

    /// Waits for them to finish.
    public func finish() async {
        for task in tasks { await task.value }
    }

    public func cancel() {
        for task in tasks { task.cancel() }
    }
}

/// Issues reported by dependencies (from any task) until the TestStore reports them.
final class IssueLog: Sendable {
    private let issues = Mutex<[String]>([])
    func append(_ issue: String) { issues.withLock { $0.append(issue) } }
    func drain() -> [String] {
        issues.withLock { issues in
            defer { issues.removeAll() }
            return issues
        }
    }
}
