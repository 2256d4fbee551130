@testable import PokedexServer
import WebSocketServer

/// A browser's end of a connection, over a socket or in process: what `TestSession` drives.
protocol SessionLink: AnyObject, Sendable {
    func sendFrame(_ frame: [UInt8])
    func nextFrame(timeout: Duration) async throws -> [UInt8]
    func closeLink(code: UInt16)
}

extension ClientConnection: SessionLink {
    func sendFrame(_ frame: [UInt8]) { _ = send(frame) }
    func nextFrame(timeout: Duration) async throws -> [UInt8] { try await nextMessage(timeout: timeout) }
    func closeLink(code: UInt16) { close(code: code) }
}

extension InProcessPeer: SessionLink {
    func sendFrame(_ frame: [UInt8]) { send(frame) }
    func nextFrame(timeout: Duration) async throws -> [UInt8] { try await next(timeout: timeout) }
    func closeLink(code: UInt16) { close(code: code) }
}
