import Foundation
import Synchronization

/// Receives NOTIFYs on a connection of its own and hands each to a callback, in order, on a
/// thread of its own.
///
/// PostgreSQL delivers a notification when the transaction that sent it commits (at once for
/// one sent outside a transaction), in commit order, and never one from a transaction that
/// rolled back; two identical notifications of one transaction may arrive as one.
///
/// When the connection is lost (the server restarted, the session was ended) the listener
/// reconnects, with a delay that doubles from `reconnectDelay` up to `maximumReconnectDelay`,
/// LISTENs again, then calls `onReconnect` before any notification from the new connection.
/// Notifications sent while it was away are lost: `onReconnect` is where a consumer reloads the
/// state the notifications would have told it about.
///
/// Both callbacks run on the listener's thread, one at a time: keep them short (hand the work
/// to another thread), since the next notification waits for them.
public final class PostgresListener: Sendable {
    private let worker: ListenerWorker

    /// Connects to `url` and LISTENs on `channels`; throws if either fails. Once this returns,
    /// every notification on those channels committed from then on reaches `onNotification`.
    public init(
        url: String,
        channels: [String],
        reconnectDelay: Duration = .milliseconds(50),
        maximumReconnectDelay: Duration = .seconds(2),
        connectTimeout: Duration = .seconds(5),
        onReconnect: @escaping @Sendable () -> Void = {},
        onNotification: @escaping @Sendable (PostgresNotification) -> Void
    ) throws {
        precondition(!channels.isEmpty, "a listener needs at least one channel")
        let connection = try PostgresConnection(url: url, connectTimeout: connectTimeout)
        try ListenerWorker.listen(on: connection, to: channels)
        worker = try ListenerWorker(
            connection: connection,
            channels: channels,
            delays: (reconnectDelay, maximumReconnectDelay),
            onReconnect: onReconnect,
            onNotification: onNotification
        )
        worker.start()
    }

    /// Ends the thread and closes the connection; returns once the thread has ended (called from
    /// a callback, it returns at once and the thread ends when the callback returns). No
    /// callback runs after that. Idempotent; `deinit` calls it.
    public func stop() {
        worker.stop()
    }

    deinit {
        worker.stop()
    }
}

/// The listener's thread and what it owns. The connection and callbacks are used only on that
/// thread; `stop` touches only the atomic flag, the wake-up pipe and the exit group.
private final class ListenerWorker: @unchecked Sendable {
    private let connection: PostgresConnection
    private let channels: [String]
    private let delays: (initial: Duration, maximum: Duration)
    private let onReconnect: @Sendable () -> Void
    private let onNotification: @Sendable (PostgresNotification) -> Void

    private let isStopped = Atomic<Bool>(false)
    /// A byte written to `wakeWrite` ends the thread's `poll` at once, whatever it waits for.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let running = DispatchGroup()
    private let threadID = Mutex<pthread_t?>(nil)

    init(
        connection: PostgresConnection,
        channels: [String],
        delays: (Duration, Duration),
        onReconnect: @escaping @Sendable () -> Void,
        onNotification: @escaping @Sendable (PostgresNotification) -> Void
    ) throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw PostgresError(code: PostgresError.internalError, message: "pipe() failed: errno \(errno)")
        }
        (wakeRead, wakeWrite) = (descriptors[0], descriptors[1])
        self.connection = connection
        self.channels = channels
        self.delays = delays
        self.onReconnect = onReconnect
        self.onNotification = onNotification
    }

    deinit {
        // Here, not when the thread ends: `stop` may still be writing to the pipe then.
        close(wakeRead)
        close(wakeWrite)
    }

    static func listen(on connection: PostgresConnection, to channels: [String]) throws {
        try connection.executeScript(channels.map { "LISTEN \(quotedIdentifier($0));" }.joined())
    }

    func start() {
        running.enter()
        let thread = Thread { [self] in
            threadID.withLock { $0 = pthread_self() }
            run()
            connection.close()
            running.leave()
        }
        thread.name = "postgres-listener"
        thread.start()
    }

    func stop() {
        isStopped.store(true, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        let onOwnThread = threadID.withLock { id in id.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !onOwnThread { running.wait() }
    }

    private var stopped: Bool { isStopped.load(ordering: .sequentiallyConsistent) }

    private func run() {
        while !stopped {
            // Notifications can arrive along with any reply (the LISTENs' too): deliver those first.
            deliver(connection.takeNotifications())
            let socket = connection.socket
            guard socket >= 0 else {
                reconnect()
                continue
            }
            guard waitForInput(socket: socket, timeoutMilliseconds: -1) == .readable else { continue }
            let alive = connection.consumeInput()
            deliver(connection.takeNotifications())  // what arrived before a loss still counts
            if !alive { reconnect() }
        }
    }

    /// Retries until connected and listening again, or stopped.
    private func reconnect() {
        var delay = delays.initial
        while !stopped {
            do {
                try connection.reconnect()
                try Self.listen(on: connection, to: channels)
                guard !stopped else { return }
                onReconnect()
                return
            } catch {
                _ = waitForInput(socket: -1, timeoutMilliseconds: Int32(delay / .milliseconds(1)))
                delay = min(delay * 2, delays.maximum)
            }
        }
    }

    private func deliver(_ notifications: [PostgresNotification]) {
        for notification in notifications {
            guard !stopped else { return }
            onNotification(notification)
        }
    }

    private enum Wait { case readable, woken, timedOut }

    /// Blocks until `socket` (if not -1) has input or hung up, the wake pipe is written, or the
    /// timeout (-1: none) passes.
    private func waitForInput(socket: Int32, timeoutMilliseconds: Int32) -> Wait {
        var entries = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        if socket >= 0 { entries.append(pollfd(fd: socket, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
        // EINTR: look at the flag and wait again. Any other poll failure: let libpq read the
        // socket, which either succeeds or reports the connection lost.
        if ready < 0 { return errno == EINTR || socket < 0 ? .woken : .readable }
        if entries[0].revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            _ = read(wakeRead, &buffer, buffer.count)
            return .woken
        }
        // POLLHUP and POLLERR count as readable: consumeInput then finds the loss.
        if socket >= 0, entries[1].revents != 0 { return .readable }
        return .timedOut
    }
}

/// `name` as a quoted SQL identifier, for statements that take no parameters (LISTEN).
func quotedIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
