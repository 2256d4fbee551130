/// One HTTP/1.1 request over a `RawSocket` (connection: close), parsed just enough for tests.
struct RawHTTPResponse {
    let status: Int
    /// Lower-cased names.
    let headers: [String: String]
    let body: [UInt8]

    static func get(port: Int, path: String, headers: [String: String] = [:]) throws -> RawHTTPResponse {
        let socket = try RawSocket(port: port)
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        socket.write(request + "\r\n")
        let head = try socket.read(until: "\r\n\r\n")
        var lines = head.split(separator: "\r\n")
        let status = Int(lines.removeFirst().split(separator: " ")[1]) ?? 0
        var parsed: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            parsed[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(parsed["content-length"] ?? "")
        let body = try length.map { try socket.read(count: $0) } ?? socket.readToEnd()
        return RawHTTPResponse(status: status, headers: parsed, body: body)
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

import Foundation
