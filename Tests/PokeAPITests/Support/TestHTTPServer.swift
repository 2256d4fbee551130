import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 (ephemeral port, one thread per connection, one
/// response per connection) that serves the documents a test defines, counts requests per
/// path and injects faults per path.
final class TestHTTPServer: @unchecked Sendable {
    // @unchecked: every mutable field below is read and written only while holding `condition`.
    private let condition = NSCondition()
    private var documents: [String: ServedDocument] = [:]
    private var faults: [String: ServerFault] = [:]
    private var counts = ServerCounts()
    private var isStopped = false

    private let listener: Int32
    let port: UInt16
    var baseURL: String { "http://127.0.0.1:\(port)" }

    init() throws {
        (listener, port) = try Self.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "test-http-server"
        thread.start()
    }

    deinit { stop() }

    func stop() {
        let wasStopped = locked { defer { isStopped = true }; return isStopped }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Serves `body` at `path` (path and query, e.g. `/pokemon?limit=20&offset=0`).
    func serve(_ path: String, _ body: String, contentType: String = "application/json") {
        serve(path, Array(body.utf8), contentType: contentType)
    }

    func serve(_ path: String, _ body: [UInt8], contentType: String) {
        locked { documents[path] = ServedDocument(body: body, contentType: contentType) }
    }

    func inject(_ fault: ServerFault?, at path: String) {
        locked { faults[path] = fault }
    }

    var snapshot: ServerCounts { locked { counts } }

    /// Waits (up to `timeout`) until `predicate` holds for the counts; whether it did.
    func wait(timeout: TimeInterval = 10, until predicate: (ServerCounts) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(counts) {
            if !condition.wait(until: deadline) { return predicate(counts) }
        }
        return true
    }

    // MARK: Connections

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in handle(client) }
            thread.start()
        }
    }

    private func handle(_ socket: Int32) {
        guard let path = ServerSocket.readRequestPath(socket) else { close(socket); return }
        let (document, fault) = locked { () -> (ServedDocument?, ServerFault?) in
            counts.requests[path, default: 0] += 1
            counts.inFlight += 1
            counts.maxInFlight = max(counts.maxInFlight, counts.inFlight)
            condition.broadcast()
            return (documents[path], takeFault(path))
        }
        defer { locked { counts.inFlight -= 1; condition.broadcast() } }

        switch fault {
        case .reset?:
            ServerSocket.reset(socket)
            return
        case let .status(code, _)?:
            ServerSocket.respond(socket, status: code, body: Array("{\"detail\":\"injected \(code)\"}".utf8))
        case .malformed?:
            ServerSocket.respond(socket, status: 200, body: Array("{\"id\": 1, \"name\": \"trunc".utf8))
        case let .delay(seconds)?:
            guard ServerSocket.waitWhileOpen(socket, seconds: seconds) else {
                locked { counts.closedEarly[path, default: 0] += 1; condition.broadcast() }
                close(socket)
                return
            }
            respond(socket, document)
        case let .holdUntilInFlight(count)?:
            _ = wait(timeout: 5) { $0.maxInFlight >= count }
            respond(socket, document)
        case nil:
            respond(socket, document)
        }
    }

    private func respond(_ socket: Int32, _ document: ServedDocument?) {
        if let document {
            ServerSocket.respond(socket, status: 200, body: document.body, contentType: document.contentType)
        } else {
            ServerSocket.respond(socket, status: 404, body: Array("{\"detail\":\"Not found.\"}".utf8))
        }
    }

    /// The fault for this request; a status fault limited to N requests counts down. Locked.
    private func takeFault(_ path: String) -> ServerFault? {
        guard let fault = faults[path] else { return nil }
        if case let .status(code, remaining?) = fault {
            faults[path] = remaining > 1 ? .status(code, times: remaining - 1) : nil
        }
        return fault
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    private static func listen() throws -> (Int32, UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 128) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}

/// What goes wrong at a path.
enum ServerFault: Sendable, Equatable {
    /// Answer with `code`, for the next `times` requests (then serve normally) or always (`nil`).
    case status(Int, times: Int?)
    /// Answer only after `seconds`; a client that hangs up first is counted in `closedEarly`.
    case delay(seconds: Double)
    /// Answer 200 with a truncated JSON body.
    case malformed
    /// Close the connection with a TCP reset (SO_LINGER 0) instead of answering.
    case reset
    /// Hold the answer until this many requests have been in flight at once (or 5 s pass).
    case holdUntilInFlight(Int)
}

/// What the server has seen.
struct ServerCounts: Sendable {
    var requests: [String: Int] = [:]
    var inFlight = 0
    var maxInFlight = 0
    /// Requests whose client closed the connection before the answer was sent.
    var closedEarly: [String: Int] = [:]

    var totalRequests: Int { requests.values.reduce(0, +) }
}

private struct ServedDocument {
    var body: [UInt8]
    var contentType: String
}
