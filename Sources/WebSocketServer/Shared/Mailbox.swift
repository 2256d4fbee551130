import CLibWebSockets
import Glibc
import Synchronization

/// Hands work from any thread to a service thread.
///
/// lws is single-threaded: the only call other threads may make is `lws_cancel_service`, which
/// makes the service thread run `LWS_CALLBACK_EVENT_WAIT_CANCELLED`, where it drains this box.
/// Mail the service thread queues for itself (a patch its own callback produced) wakes no one:
/// the thread drains it before it next waits (`settleBeforeWaiting`), which saves a system call
/// and a turn of the loop per message.
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
    /// The service thread (`pthread_t`), set by `open`; 0 before.
    private let serviceThread = Atomic<UInt>(0)
    /// Wake-ups sent so far (tests count them).
    let wakeCount = Atomic<Int>(0)

    /// Queues `item` and wakes the service thread if the box was empty (a non-empty box has a
    /// wake-up on its way already, or is drained before the service thread waits) and the
    /// caller is another thread. Returns false once the service thread has stopped.
    @discardableResult
    func push(_ item: Item) -> Bool {
        let wasEmpty = state.withLock { state -> Bool? in
            if state.isClosed { return nil }
            state.items.append(item)
            return state.items.count == 1
        }
        guard let wasEmpty else { return false }
        if wasEmpty && !isOnServiceThread { wake() }
        return true
    }

    /// Whether the caller is the service thread (false until `open`).
    var isOnServiceThread: Bool {
        pthread_equal(pthread_self(), pthread_t(serviceThread.load(ordering: .acquiring))) != 0
    }

    /// Called by the service thread before it waits for events: runs `drain` if mail is queued
    /// (the thread's own, which woke no one), then wakes the thread if that queued more, so the
    /// wait ends at once rather than leaving it for some other event.
    func settleBeforeWaiting(_ drain: () -> Void) {
        guard state.withLock({ !$0.items.isEmpty }) else { return }
        drain()
        if state.withLock({ !$0.items.isEmpty }) { wake() }
    }

    func drain() -> [Item] {
        state.withLock { state in
            let items = state.items
            state.items = []
            return items
        }
    }

    /// Takes the oldest `limit` items at most. When more are left, wakes the service thread, so
    /// that its next pass (after its sockets had their turn) takes them.
    func drain(upTo limit: Int) -> [Item] {
        let (items, isMoreLeft) = state.withLock { state -> ([Item], Bool) in
            guard state.items.count > limit else {
                defer { state.items = [] }
                return (state.items, false)
            }
            let items = Array(state.items.prefix(limit))
            state.items.removeFirst(limit)
            return (items, true)
        }
        if isMoreLeft { wake() }
        return items
    }

    /// Called on the service thread once the context exists.
    func open(context: OpaquePointer) {
        serviceThread.store(UInt(pthread_self()), ordering: .releasing)
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
            guard let address else { return }
            lws_cancel_service(OpaquePointer(bitPattern: address))
            wakeCount.add(1, ordering: .relaxed)
        }
    }
}
