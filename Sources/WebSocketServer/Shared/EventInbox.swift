import Synchronization

/// Events posted from a service thread, awaited one at a time with a timeout.
final class EventInbox<Event: Sendable>: Sendable {
    private struct State {
        var events: [Event] = []
        var waiter: (id: UInt64, continuation: CheckedContinuation<Event, any Error>)?
        var lastWaiterID: UInt64 = 0
        /// A waiter whose time ran out before it started waiting.
        var expiredWaiterID: UInt64?
    }

    private let state = Mutex(State())

    func post(_ event: Event) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.events.append(event)
                return nil as CheckedContinuation<Event, any Error>?
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: event)
    }

    /// The oldest event not yet taken; throws `TimedOut` if none arrives within `timeout`.
    /// One waiter at a time.
    func next(timeout: Duration) async throws -> Event {
        let waiterID = state.withLock { state in
            state.lastWaiterID += 1
            return state.lastWaiterID
        }
        let timer = Task {
            try await Task.sleep(for: timeout)
            let waiter = state.withLock { state in
                guard state.waiter?.id == waiterID else {
                    state.expiredWaiterID = waiterID
                    return nil as CheckedContinuation<Event, any Error>?
                }
                defer { state.waiter = nil }
                return state.waiter?.continuation
            }
            waiter?.resume(throwing: TimedOut(after: timeout))
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let event: Result<Event, any Error>? = state.withLock { state in
                if !state.events.isEmpty { return .success(state.events.removeFirst()) }
                if state.expiredWaiterID == waiterID { return .failure(TimedOut(after: timeout)) }
                precondition(state.waiter == nil, "EventInbox supports one waiter at a time")
                state.waiter = (waiterID, continuation)
                return nil
            }
            if let event { continuation.resume(with: event) }
        }
    }
}

/// Nothing arrived in time.
public struct TimedOut: Error, CustomStringConvertible {
    public let after: Duration
    public var description: String { "timed out after \(after)" }
}
