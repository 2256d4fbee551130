import CLibWebSockets
import Dispatch
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
    /// A first-in, first-out queue of two arrays: producers append to `incoming`; the service
    /// thread takes from the end of `outgoing`, which holds older items in reverse. A drain of
    /// a few hundred of a fan-out's thousands of items then moves them out one by one, where
    /// copying a prefix out and shifting the rest down (`removeFirst`) was a visible share of
    /// the server's fan-out CPU.
    private struct Lane {
        var incoming: [Item] = []
        var outgoing: [Item] = []

        var isEmpty: Bool { incoming.isEmpty && outgoing.isEmpty }

        /// Every item, oldest first, leaving the lane empty.
        mutating func takeAll() -> [Item] {
            if outgoing.isEmpty {
                defer { incoming = [] }
                return incoming
            }
            var items = outgoing.reversed() as [Item]
            items.append(contentsOf: incoming)
            outgoing = []
            incoming = []
            return items
        }

        /// Appends the oldest items to `items` until it holds `limit`.
        mutating func take(into items: inout [Item], upTo limit: Int) {
            if items.isEmpty && outgoing.isEmpty && incoming.count <= limit {
                swap(&items, &incoming)
                return
            }
            items.reserveCapacity(limit)
            while items.count < limit {
                if outgoing.isEmpty {
                    if incoming.isEmpty { return }
                    // In place and by moving: no element is copied.
                    swap(&incoming, &outgoing)
                    outgoing.reverse()
                }
                items.append(outgoing.removeLast())
            }
        }
    }

    /// Two lanes: items pushed `ahead` come out before the others, oldest first in each.
    private struct State {
        var ahead = Lane()
        var regular = Lane()
        var isClosed = false

        var isEmpty: Bool { ahead.isEmpty && regular.isEmpty }

        mutating func takeAll() -> [Item] {
            ahead.takeAll() + regular.takeAll()
        }

        mutating func take(upTo limit: Int) -> [Item] {
            var items: [Item] = []
            ahead.take(into: &items, upTo: limit)
            regular.take(into: &items, upTo: limit)
            return items
        }
    }

    private let state = Mutex(State())
    /// The context to wake (as an address: pointers are not Sendable): nil until it exists and
    /// again once it is being destroyed. A lock of its own, so a producer's wake-up (a system
    /// call that may also wake the service thread) never holds up the service thread's drain.
    private let wakeTarget = Mutex<Int?>(nil)
    /// What wakes a thread that is not an lws service thread (`InProcessTransport`'s): set by
    /// `open(signalling:)`, nil for a server's mailboxes.
    private let wakeSignal = Mutex<DispatchSemaphore?>(nil)
    /// The service thread (`pthread_t`), set by `open`; 0 before.
    private let serviceThread = Atomic<UInt>(0)
    /// Wake-ups sent so far (tests count them).
    let wakeCount = Atomic<Int>(0)
    /// The service thread's promise to write a connection when the mail it carries out ends,
    /// given the connection's record (`ConnectionCore.writeAfterMail(as:)`); false outside a
    /// mail. One per thread, so its context stays warm: set on that thread when it opens the
    /// box, read only there, let go when it closes it.
    nonisolated(unsafe) private var afterMail: ((AnyObject) -> Bool)?

    /// Queues `item` and wakes the service thread if the box was empty (a non-empty box has a
    /// wake-up on its way already, or is drained before the service thread waits) and the
    /// caller is another thread. Returns false once the service thread has stopped.
    ///
    /// An item pushed `ahead` comes out before every item queued without it. A server
    /// connection's "something to write" goes ahead: in a fan-out each member's job queues a
    /// patch, and behind the thousands of jobs still queued the first write waited for all of
    /// them (a member's median wait falls; the last one's does not). Going ahead is safe: it
    /// writes only what is already queued, in order.
    @discardableResult
    func push(_ item: Item, ahead: Bool = false) -> Bool {
        let wasEmpty = state.withLock { state -> Bool? in
            if state.isClosed { return nil }
            let wasEmpty = state.isEmpty
            if ahead { state.ahead.incoming.append(item) } else { state.regular.incoming.append(item) }
            return wasEmpty
        }
        guard let wasEmpty else { return false }
        if wasEmpty && !isOnServiceThread { wake() }
        return true
    }

    /// Whether the caller is the service thread (false until `open`).
    var isOnServiceThread: Bool {
        pthread_equal(pthread_self(), pthread_t(serviceThread.load(ordering: .acquiring))) != 0
    }

    /// Whether any mail is queued.
    var hasMail: Bool {
        state.withLock { !$0.isEmpty }
    }

    /// Called by the service thread before it waits for events: runs `drain` if mail is queued
    /// (the thread's own, which woke no one), then wakes the thread if that queued more, so the
    /// wait ends at once rather than leaving it for some other event.
    func settleBeforeWaiting(_ drain: () -> Void) {
        guard state.withLock({ !$0.isEmpty }) else { return }
        drain()
        if state.withLock({ !$0.isEmpty }) { wake() }
    }

    func drain() -> [Item] {
        state.withLock { $0.takeAll() }
    }

    /// Takes the oldest `limit` items at most, and tells whether more were left. When more are
    /// left, wakes the service thread, so that its next pass (after its sockets had their
    /// turn) takes them.
    func drain(upTo limit: Int) -> (items: [Item], isMoreLeft: Bool) {
        let slice = state.withLock { state in
            (items: state.take(upTo: limit), isMoreLeft: !state.isEmpty)
        }
        if slice.isMoreLeft { wake() }
        return slice
    }

    /// Notes `socket` (a connection's record) for a write when the mail being carried out ends;
    /// false when the thread carries out none (or set no promise). Called on the service thread.
    func writeAfterMail(_ socket: AnyObject) -> Bool {
        afterMail?(socket) ?? false
    }

    /// Sets what `writeAfterMail` asks. Called on the service thread.
    func writeAfterMail(by promise: ((AnyObject) -> Bool)?) {
        afterMail = promise
    }

    /// Called on the service thread once the context exists.
    func open(context: OpaquePointer) {
        serviceThread.store(UInt(pthread_self()), ordering: .releasing)
        wakeTarget.withLock { $0 = Int(bitPattern: UnsafeRawPointer(context)) }
        // An item pushed before the address was set found nothing to wake.
        if state.withLock({ !$0.isEmpty }) { wake() }
    }

    /// Called on a thread that serves this box without lws (`InProcessTransport`): it waits on
    /// `semaphore`, which wakes it as `lws_cancel_service` would.
    func open(signalling semaphore: DispatchSemaphore) {
        serviceThread.store(UInt(pthread_self()), ordering: .releasing)
        wakeSignal.withLock { $0 = semaphore }
        if state.withLock({ !$0.isEmpty }) { semaphore.signal() }
    }

    /// Called on the service thread before the context is destroyed. Returns what was still
    /// queued (work that must not be lost, like a task's job, goes elsewhere).
    @discardableResult
    func close() -> [Item] {
        let leftovers = state.withLock { state in
            state.isClosed = true
            return state.takeAll()
        }
        wakeTarget.withLock { $0 = nil }
        return leftovers
    }

    private func wake() {
        let woke = wakeTarget.withLock { address -> Bool in
            // Under this lock, so `close` cannot let the context be destroyed in between.
            guard let address else { return false }
            lws_cancel_service(OpaquePointer(bitPattern: address))
            wakeCount.add(1, ordering: .relaxed)
            return true
        }
        if !woke { _ = wakeSignal.withLock { $0?.signal() } }
    }
}
