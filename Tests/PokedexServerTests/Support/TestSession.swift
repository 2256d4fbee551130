import Foundation
@testable import PokedexServer
import StateSync
import WebSocketServer
import XCTest

/// A browser session driven over /ws or in process (`InProcessServer`): keeps its copy of the
/// state by applying every patch, and sends actions with increasing refs.
final class TestSession {
    let link: any SessionLink
    /// The socket, for a session over /ws.
    var connection: ClientConnection { link as! ClientConnection }
    /// The in-process connection, for a session of an `InProcessServer`.
    var peer: InProcessPeer { link as! InProcessPeer }
    private(set) var state: JSONValue = .null
    private(set) var seq = 0
    private(set) var session = ""
    private(set) var token: String?
    private(set) var errors: [(ref: Int?, code: ProtocolError.Code)] = []
    private var nextRef = 0
    private var acknowledged: Set<Int> = []
    /// The keys acks echoed, in order (one per ack: a key acknowledged twice is here twice).
    private(set) var acknowledgedKeys: [String] = []
    /// The last patch frame, as it came.
    private(set) var lastPatchFrame: [UInt8] = []

    private init(link: any SessionLink) {
        self.link = link
    }

    /// Connects and says hello; returns once the first snapshot is applied.
    static func open(
        _ client: WebSocketClient, port: Int, token: String? = nil, resume: ClientMessage.Resume? = nil, route: String = "/",
        locale: String? = nil
    ) async throws -> TestSession {
        let connection = client.connect(port: port)
        try await connection.waitUntilOpen(timeout: .seconds(10))
        return try await hello(on: connection, token: token, resume: resume, route: route, locale: locale)
    }

    /// Connects to the in-process server and says hello; returns once the first snapshot is applied.
    static func open(
        _ server: InProcessServer, token: String? = nil, resume: ClientMessage.Resume? = nil, route: String = "/",
        locale: String? = nil, signIn: String? = nil
    ) async throws -> TestSession {
        try await hello(on: server.connect(), token: token, resume: resume, route: route, locale: locale, signIn: signIn)
    }

    private static func hello(
        on link: any SessionLink, token: String?, resume: ClientMessage.Resume?, route: String, locale: String?,
        signIn: String? = nil
    ) async throws -> TestSession {
        let session = TestSession(link: link)
        link.sendFrame(ClientMessage.hello(.init(token: token, resume: resume, route: route, locale: locale, signIn: signIn)).encoded())
        try await session.read { $0.state != .null }
        return session
    }

    var userID: String? { state["me"]?["id"]?.stringValue }
    var favorites: Set<Int> { Set(state["favorites"]?.objectValue?.keys.compactMap { Int($0) } ?? []) }

    /// Sends an action and returns its ref.
    @discardableResult
    func send(_ action: JSONValue, key: String? = nil) -> Int {
        nextRef += 1
        link.sendFrame(ClientMessage.action(ref: nextRef, action: action, key: key).encoded())
        return nextRef
    }

    /// Sends an action and waits until it is acknowledged or refused.
    @discardableResult
    func perform(_ action: JSONValue, key: String? = nil) async throws -> ProtocolError.Code? {
        let ref = send(action, key: key)
        try await read { session in session.acknowledged.contains(ref) || session.errors.contains { $0.ref == ref } }
        return errors.first { $0.ref == ref }?.code
    }

    /// Reads frames until `done` holds.
    func read(until done: (TestSession) -> Bool) async throws {
        while !done(self) {
            let frame = try await link.nextFrame(timeout: .seconds(10))
            let message = try ServerMessage.parse(frame)
            if case .patch = message { lastPatchFrame = frame }
            switch message {
            case let .welcome(session, _, token):
                self.session = session
                if let token { self.token = token }
            case let .snapshot(seq, state):
                self.seq = seq
                self.state = state
            case let .patch(seq, ops, ack, key):
                XCTAssertEqual(seq, self.seq + 1, "patches arrive in sequence")
                self.seq = seq
                state = try JSONPatch.apply(ops, to: state)
                if let ack { acknowledged.insert(ack) }
                if let key { acknowledgedKeys.append(key) }
            case let .ack(ref, key):
                acknowledged.insert(ref)
                if let key { acknowledgedKeys.append(key) }
            case let .error(ref, code, _):
                errors.append((ref, code))
            }
        }
    }

    func isAcknowledged(_ ref: Int) -> Bool { acknowledged.contains(ref) }

    /// The ref of the last action sent.
    var lastRef: Int { nextRef }

    func close() {
        link.closeLink(code: 1000)
    }
}
