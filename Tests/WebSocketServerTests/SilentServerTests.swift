import Foundation
import XCTest
@testable import WebSocketServer

/// A server that accepts the TCP connection and never answers the upgrade (one whose service
/// threads are too busy to get to it): the client must end the connection with an error once
/// its handshake timeout passes. lws ends such a connection without a CONNECTION_ERROR, and the
/// cluster bench's tester waited for those sessions until it was killed.
final class SilentServerTests: XCTestCase {
    func testAConnectionWhoseUpgradeIsNeverAnsweredFails() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        var configuration = ClientConfiguration()
        configuration.handshakeTimeout = .seconds(1)
        let client = try WebSocketClient(configuration: configuration)
        defer { client.shutdown() }
        let connection = client.connect(port: listener.port)
        // Well past the handshake timeout: lws checks its timeouts once a second.
        let event = try await connection.nextEvent(timeout: .seconds(10))
        // Which error lws reports depends on where the timeout caught the connection; that one
        // arrives at all is the point.
        guard case .error = event else { return XCTFail("expected an error, got \(event)") }
    }
}

/// A loopback TCP listener that accepts connections and never reads or writes.
private final class SilentListener: @unchecked Sendable {
    let port: Int
    private let socket: Int32
    private let thread: Thread
    private let holder = Holder()

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let holder = self.holder
        thread = Thread {
            while true {
                let fd = accept(socket, nil, nil)
                if fd < 0 { return }
                holder.append(fd)
            }
        }
        thread.start()
    }

    func close() {
        shutdown(socket, Int32(SHUT_RDWR))
        Glibc.close(socket)
        holder.closeAll()
    }

    private final class Holder: @unchecked Sendable {
        private let lock = NSLock()
        private var fds: [Int32] = []
        func append(_ fd: Int32) { lock.lock(); fds.append(fd); lock.unlock() }
        func closeAll() { lock.lock(); fds.forEach { _ = Glibc.close($0) }; fds = []; lock.unlock() }
    }
}
