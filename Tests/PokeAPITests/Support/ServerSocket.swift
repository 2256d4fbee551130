import Foundation

/// The socket calls behind `TestHTTPServer`.
enum ServerSocket {
    /// Reads the request head; returns the target of `GET <target> HTTP/1.1`.
    static func readRequestPath(_ socket: Int32) -> String? {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            head += buffer[0..<count]
            if head.count > 65536 { return nil }
        }
        let requestLine = String(decoding: head.prefix { $0 != 0x0D }, as: UTF8.self)
        let parts = requestLine.split(separator: " ")
        return parts.count == 3 ? String(parts[1]) : nil
    }

    static func respond(_ socket: Int32, status: Int, body: [UInt8], contentType: String = "application/json") {
        let head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Type: \(contentType)\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        shutdown(socket, Int32(SHUT_WR))
        close(socket)
    }

    /// Closes with RST instead of FIN: the client sees "connection reset by peer".
    static func reset(_ socket: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(socket)
    }

    /// Waits `seconds` unless the client closes first; `false` when it did.
    static func waitWhileOpen(_ socket: Int32, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while case let remaining = deadline.timeIntervalSinceNow, remaining > 0 {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
            var byte: UInt8 = 0
            if recv(socket, &byte, 1, Int32(MSG_DONTWAIT)) <= 0 { return false }
        }
        return true
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
