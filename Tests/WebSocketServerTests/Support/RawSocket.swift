import Foundation
import Glibc

/// A blocking loopback TCP socket for speaking HTTP and hand-built websocket frames, so tests
/// can check the server byte for byte without trusting our own client. Every read times out.
final class RawSocket {
    struct Closed: Error {}

    private let fd: Int32
    private var buffered: [UInt8] = []

    init(port: Int, timeoutSeconds: Int = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            close(fd)
            throw Closed()
        }
    }

    deinit { close(fd) }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    /// Exactly `count` bytes; throws if the peer closes or the read times out first.
    func read(count: Int) throws -> [UInt8] {
        while buffered.count < count { try fill() }
        defer { buffered.removeFirst(count) }
        return Array(buffered.prefix(count))
    }

    /// Bytes up to and including `delimiter`.
    func read(until delimiter: String) throws -> String {
        let marker = Array(delimiter.utf8)
        while true {
            if let range = buffered.firstRange(of: marker) {
                defer { buffered.removeFirst(range.upperBound) }
                return String(decoding: buffered[..<range.upperBound], as: UTF8.self)
            }
            try fill()
        }
    }

    /// Everything until the peer closes (or the read times out).
    func readToEnd() -> [UInt8] {
        while (try? fill()) != nil {}
        defer { buffered = [] }
        return buffered
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw Closed() }
        buffered += chunk.prefix(n)
    }
}
