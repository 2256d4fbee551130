import Foundation
import Logging
import WebSocketServer

extension PokedexServer {
    /// Runs a server until SIGTERM or SIGINT, then drains it (every session gets 1001) and
    /// returns. A server that cannot start says why in a log line (`server.failed`) and throws.
    public static func serve(_ options: ServerOptions) async throws {
        let log = Logger(format: options.logFormat)
        let server: PokedexServer
        do {
            // Before the server starts its threads, so that they inherit the policy.
            if options.realtime {
                try RealtimeScheduling.enableForProcess()
                log.info("server.realtime", ["policy": "SCHED_FIFO", "priority": "\(RealtimeScheduling.priority)"])
            }
            server = try PokedexServer(options: options)
            try server.start()
        } catch {
            log.error("server.failed", ["error": "\(error)"])
            throw error
        }
        // scripts/start-server and scripts/serve read the address from this line.
        log.info("server.listening", ["url": "http://\(options.host):\(server.port)"])
        await Signals.waitForTermination()
        log.info("server.draining")
        await server.shutdown()
    }
}

/// Waits for SIGTERM or SIGINT.
enum Signals {
    static func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = ResumeOnce(continuation)
            for signalNumber in [SIGTERM, SIGINT] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber)
                source.setEventHandler { once.resume() }
                source.resume()
                once.keep(source)
            }
        }
    }
}

/// Resumes a continuation at most once and keeps the signal sources alive.
private final class ResumeOnce: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

    func keep(_ source: any DispatchSourceSignal) {
        lock.withLock { sources.append(source) }
    }

    func resume() {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume()
    }
}
