import Foundation

/// What a test waited for did not happen before its deadline. Its description names it, so a
/// failing test says what it was waiting for, not only that it hung.
public struct WaitTimedOut: Error, CustomStringConvertible, Equatable {
    public let what: String
    public let timeout: Duration

    public var description: String { "timed out after \(timeout) waiting until \(what)" }
}

/// The one way a test waits for a state nothing signals (a task on another executor, a row
/// another session writes, a lock another connection holds): looks at `condition` until it
/// holds, and throws `WaitTimedOut` naming `what` once `timeout` of real time has passed (a
/// thrown error fails the test that awaits it). Between looks it yields to other tasks, or
/// sleeps `every` when looking costs something (a query).
public func waitUntil(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(10), every interval: Duration? = nil,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    var looks = 0
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(what: what(), timeout: timeout) }
        looks += 1
        if let interval {
            try await Task.sleep(for: interval)
        } else if looks % 1_000 == 0 {
            // Yielding alone would spin a core while other threads do the work.
            try await Task.sleep(for: .milliseconds(1))
        } else {
            await Task.yield()
        }
    }
}

/// `waitUntil` for synchronous code (a test that is not async): sleeps the thread `every`
/// between looks.
public func waitUntilBlocking(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(10),
    _ condition: () throws -> Bool
) throws {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(what: what(), timeout: timeout) }
        Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
    }
}
