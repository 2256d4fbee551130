/// A websocket spoken by hand over a `RawSocket`: the handshake and single frames, so tests can
/// send what no well-behaved client would (binary, invalid UTF-8, oversized frames).
final class RawWebSocket {
    let socket: RawSocket

    /// Sends the upgrade; `upgradeResponse` is the status line, or nil when the server dropped
    /// the connection (how lws refuses an upgrade).
    private(set) var upgradeStatus: Int?

    init(port: Int, path: String = "/ws", origin: String? = nil, headers: [String: String] = [:]) throws {
        socket = try RawSocket(port: port)
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        socket.write(request + "\r\n")
        if let head = try? socket.read(until: "\r\n\r\n") {
            upgradeStatus = Int(head.split(separator: " ")[1])
        }
    }

    enum Opcode: UInt8 {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10
    }

    /// One masked client frame.
    func sendFrame(_ opcode: Opcode, _ payload: [UInt8], final: Bool = true) {
        socket.write(Self.frame(opcode, payload, final: final))
    }

    /// Frames in one write, so the server reads them together.
    func sendFrames(_ frames: [[UInt8]]) {
        socket.write(frames.flatMap { $0 })
    }

    static func frame(_ opcode: Opcode, _ payload: [UInt8], final: Bool = true) -> [UInt8] {
        var frame: [UInt8] = [(final ? 0x80 : 0) | opcode.rawValue]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    /// The next server frame (servers do not mask).
    func readFrame() throws -> (opcode: UInt8, payload: [UInt8]) {
        let head = try socket.read(count: 2)
        var length = Int(head[1] & 0x7f)
        if length == 126 {
            length = try socket.read(count: 2).reduce(0) { $0 << 8 | Int($1) }
        } else if length == 127 {
            length = try socket.read(count: 8).reduce(0) { $0 << 8 | Int($1) }
        }
        return (head[0] & 0x0f, try socket.read(count: length))
    }

    /// Reads frames until a close frame, answers it as a client must, and returns its status code.
    func readCloseCode() throws -> UInt16 {
        while true {
            let frame = try readFrame()
            if frame.opcode == Opcode.close.rawValue {
                sendFrame(.close, Array(frame.payload.prefix(2)))
                return frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : 1005
            }
        }
    }
}
