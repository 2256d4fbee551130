import CLibWebSockets
import Dispatch
import Foundation
import Synchronization

/// The state of one lws context, created, serviced and destroyed on its service thread.
protocol ServiceLoop: AnyObject {
    /// Creates the context on `eventLoop` (with `info.user` pointing at this loop) and returns
    /// it, or throws.
    func createContext(on eventLoop: EventLoop) throws -> OpaquePointer
    /// True once the loop wants the context destroyed.
    var isFinished: Bool { get }
    /// Runs before each wait for events (see `Mailbox.settleBeforeWaiting`).
    func beforeWaiting()
    /// Runs just before `lws_context_destroy`.
    func contextWillBeDestroyed()
    /// Runs just after `lws_context_destroy` (the context is gone).
    func contextWasDestroyed()
    /// Carries out what other threads posted to the loop's mailbox (`serviceLoopCallback`
    /// calls it on the wake-up `lws_cancel_service` causes).
    func drainMailbox()
    /// Every other lws callback of the context (`serviceLoopCallback`).
    func handle(_ call: LwsCallbackCall) -> Int32
}

/// Runs one lws context on a thread of its own, on an `EventLoop`. lws is single-threaded, so
/// everything about the context happens there; other threads reach it only through a `Mailbox`
/// (whose `lws_cancel_service` wakes the loop).
final class ServiceThread: Sendable {
    private let exited = DispatchSemaphore(value: 0)
    private let hasExited = Atomic(false)

    /// Starts the thread and waits until the context exists (or failed to be created).
    /// `started` runs on the service thread right after creation; its result is returned here.
    /// `name` is the thread's name in `top` and `perf` (Linux keeps 15 bytes; it must be set
    /// from the thread itself, and a longer one is refused).
    static func start<Started: Sendable>(
        name: String,
        makeLoop: @escaping @Sendable () -> ServiceLoop,
        started: @escaping @Sendable (ServiceLoop, OpaquePointer) -> Started
    ) throws -> (ServiceThread, Started) {
        let serviceThread = ServiceThread()
        let report = Mutex<Result<Started, any Error>?>(nil)
        let reported = DispatchSemaphore(value: 0)
        let thread = Thread {
            Thread.current.name = name
            ServiceThreads.markCurrent(name: name)
            let loop = makeLoop()
            let eventLoop: EventLoop
            let context: OpaquePointer
            do {
                eventLoop = try EventLoop()
                do {
                    context = try loop.createContext(on: eventLoop)
                } catch {
                    eventLoop.destroy()
                    throw error
                }
            } catch {
                report.withLock { $0 = .failure(error) }
                reported.signal()
                serviceThread.markExited()
                return
            }
            report.withLock { $0 = .success(started(loop, context)) }
            reported.signal()
            // Callbacks run inside a pass; the one that finishes the loop ends the last pass.
            while !loop.isFinished {
                loop.beforeWaiting()
                guard !loop.isFinished, eventLoop.runOnce() else { break }
            }
            loop.contextWillBeDestroyed()
            // On a foreign libev loop this closes every connection and frees the context in one
            // call, without running the loop again.
            lws_context_destroy(context)
            loop.contextWasDestroyed()
            eventLoop.destroy()
            serviceThread.markExited()
        }
        thread.start()
        reported.wait()
        return (serviceThread, try report.withLock { $0! }.get())
    }

    var isRunning: Bool { !hasExited.load(ordering: .acquiring) }

    /// Waits for the thread to finish; false if `deadline` passed first.
    func waitUntilExited(deadline: ContinuousClock.Instant) -> Bool {
        if !isRunning { return true }
        let remaining = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(0, remaining.components.seconds * 1_000_000_000
            + remaining.components.attoseconds / 1_000_000_000)
        guard exited.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else {
            return false
        }
        exited.signal()  // let any other waiter through too
        return true
    }

    private func markExited() {
        hasExited.store(true, ordering: .releasing)
        exited.signal()
    }
}
