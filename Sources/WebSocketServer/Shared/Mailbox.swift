import CLibWebSockets
import Synchronization

/// Hands work from any thread to a service thread.
///
/// lws is single-threaded: the only call other threads may make is `lws_cancel_service`, which
/// makes the service thread run `LWS_CALLBACK_EVENT_WAIT_CANCELLED`, where it drains this box.
final class Mailbox<Item: Sendable>: Sendable {
    private struct State {
        var items: [Item] = []
        var isClosed = false
    }

    private let state = Mutex(State())
    /// The context to wake (as an address: pointers are not Sendable): nil until it exists and
    /// again once it is being destroyed. A lock of its own, so a producer's wake-up (a system
    /// call that may also wake the service thread) never holds up the service thread's drain.
    private let wakeTarget = Mutex<Int?>(nil)

    /// Queues `item` and wakes the service thread if the box was empty (a non-empty box has a
    /// wake-up on its way already). Returns false once the service thread has stopped.
    @discardableResult
    func push(_ item: Item) -> Bool {
        let wasEmpty = state.withLock { state -> Bool? in
            if state.isClosed { return nil }
            state.items.append(item)
            return state.items.count == 1
        }
        guard let wasEmpty else { return false }
        if wasEmpty { wake() }
        return true
    }

    func drain() -> [Item] {
        state.withLock { state in
            let items = state.items
            state.items = []
            return items
        }
    }

    /// Called on the service thread once the context exists.
    func open(context: OpaquePointer) {
        wakeTarget.withLock { $0 = Int(bitPattern: UnsafeRawPointer(context)) }
        // An item pushed before the address was set found nothing to wake.
        if state.withLock({ !$0.items.isEmpty }) { wake() }
    }

    /// Called on the service thread before the context is destroyed. Returns what was still
    /// queued (work that must not be lost, like a task's job, goes elsewhere).
    @discardableResult
    func close() -> [Item] {
        let leftovers = state.withLock { state in
            state.isClosed = true
            defer { state.items = [] }
            return state.items
        }
        wakeTarget.withLock { $0 = nil }
        return leftovers
    }

    private func wake() {
        wakeTarget.withLock { address in
            // Under this lock, so `close` cannot let the context be destroyed in between.
            if let address { lws_cancel_service(OpaquePointer(bitPattern: address)) }
        }
    }
}
