import Foundation
import PokemonClient
import Synchronization

/// What callers ask of the curl thread.
enum CurlCommand: Sendable {
    case start(id: UInt64, request: CurlRequest, continuation: CheckedContinuation<HTTPResponse, any Error>)
    case cancel(id: UInt64)
}

struct CurlRequest: Sendable {
    var url: String
    var timeouts: HTTPTimeouts
    var trust: HTTPTrust
}

/// The hand-off between callers and the curl thread: a queue of commands under a `Mutex`, and
/// a pipe whose read end the curl thread polls beside its sockets so a new command wakes it.
final class TransferInbox: Sendable {
    private struct State {
        var commands: [CurlCommand] = []
        var nextID: UInt64 = 0
        /// Issued ids whose transfer has not been finished by the curl thread.
        var liveIDs: Set<UInt64> = []
        var isShutDown = false
    }

    private let state = Mutex(State())
    /// Read by the curl thread; written (one byte per wake-up) only under the lock while open.
    let wakeReadFD: Int32
    private let wakeWriteFD: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw PokemonClientError.network("cannot create a pipe (errno \(errno))") }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        wakeReadFD = fds[0]
        wakeWriteFD = fds[1]
    }

    func issueID() -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.liveIDs.insert(state.nextID)
            return state.nextID
        }
    }

    /// Queues `command` and wakes the curl thread. After shut-down a start fails at once and a
    /// cancel is dropped; so is a cancel for a transfer already finished.
    func send(_ command: CurlCommand) {
        let refused: CheckedContinuation<HTTPResponse, any Error>? = state.withLock { state in
            switch command {
            case let .start(_, _, continuation) where state.isShutDown:
                return continuation
            case let .cancel(id) where state.isShutDown || !state.liveIDs.contains(id):
                return nil
            default:
                state.commands.append(command)
                var byte: UInt8 = 1
                _ = write(wakeWriteFD, &byte, 1)
                return nil
            }
        }
        refused?.resume(throwing: PokemonClientError.network("the HTTP client was shut down"))
    }

    /// The curl thread takes everything queued so far, and whether it should stop.
    func take() -> (commands: [CurlCommand], shutDown: Bool) {
        state.withLock { state in
            defer { state.commands.removeAll() }
            return (state.commands, state.isShutDown)
        }
    }

    /// The curl thread marks a transfer done; later cancels of it are dropped.
    func finish(_ id: UInt64) {
        _ = state.withLock { $0.liveIDs.remove(id) }
    }

    /// Issued, not finished: a cancel for such an id that is not running yet precedes its start.
    func isLive(_ id: UInt64) -> Bool {
        state.withLock { $0.liveIDs.contains(id) }
    }

    /// Empties the pipe after a wake-up.
    func drainWakeUps() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeReadFD, &buffer, buffer.count) > 0 {}
    }

    func shutDown() {
        state.withLock { state in
            state.isShutDown = true
            var byte: UInt8 = 1
            _ = write(wakeWriteFD, &byte, 1)
        }
    }

    /// Called by the curl thread as it exits: nobody writes to the pipe any more.
    func closePipe() {
        state.withLock { _ in
            close(wakeWriteFD)
            close(wakeReadFD)
        }
    }
}
