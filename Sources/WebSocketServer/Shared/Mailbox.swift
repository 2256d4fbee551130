import CLibWebSockets
import Synchronization

/// Hands work from any thread to a service thread.
///
/// lws is single-threaded: the only call other threads may make is `lws_cancel_service`, which
/// makes the service thread run `LWS_CALLBACK_EVENT_WAIT_CANCELLED`, where it drains this box.
final class Mailbox<Item: Sendable>: Sendable {
    private struct State {
        var items: [Item] = []
        /// The context to wake (as an address: pointers are not Sendable): nil until it exists
        /// and again once it is being destroyed.
        var contextAddress: Int?
        var isClosed = false
    }

    private let state = Mutex(State())

    /// Queues `item` and wakes the service thread if the box was empty (a non-empty box has a
    /// wake-up on its way already). Returns false once the service thread has stopped.
    @discardableResult
    func push(_ item: Item) -> Bool {
        state.withLock { state in
            if state.isClosed { return false }
            state.items.append(item)
            if state.items.count == 1, let address = state.contextAddress {
                // Under the lock, so the context cannot be destroyed in between.
                lws_cancel_service(OpaquePointer(bitPattern: address))
            }
            return true
        }
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
        let address = Int(bitPattern: UnsafeRawPointer(context))
        state.withLock { state in
            state.contextAddress = address
            if !state.items.isEmpty { lws_cancel_service(OpaquePointer(bitPattern: address)) }
        }
    }

    /// Called on the service thread before the context is destroyed.
    func close() {
        state.withLock { state in
            state.contextAddress = nil
            state.isClosed = true
            state.items = []
        }
    }
}
