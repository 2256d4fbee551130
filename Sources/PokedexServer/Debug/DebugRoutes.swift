import StateSync
import WebSocketServer

/// `/debug/` (a page of the live sessions, to rewind each: `DebugIndexPage`), `/debug/sessions`
/// (the live sessions), `/debug/sessions/ID` (one session's last actions) and
/// `/debug/sessions/ID/recording` (its recording, `Recording/DebugRoutes+Recording.swift`),
/// served with `--debug` only: to loopback clients that came through no proxy, and to any
/// client sending `Authorization: Bearer` with the `--debug-token`.
struct DebugRoutes: Sendable {
    let registry: SessionRegistry
    let token: String?
    /// Where ended sessions' recordings are (`--record`, or the users' consent), nil: none.
    var recordingDirectory: String? = nil

    static let prefix = "/debug/sessions"

    func respond(to request: HTTPRequest) -> HTTPResponse? {
        let isIndex = DebugIndexPage.paths.contains(request.path)
        guard isIndex || request.path == Self.prefix || request.path.hasPrefix(Self.prefix + "/") else { return nil }
        guard isAllowed(request) else {
            return .text("debug routes answer loopback clients, or the --debug-token\n", status: 403)
        }
        if isIndex { return DebugIndexPage.render(registry.liveSessions) }
        let rest = request.path.dropFirst(Self.prefix.count)
        if rest.isEmpty || rest == "/" { return Self.json(sessionList()) }
        if rest.hasSuffix(Self.recordingSuffix) { return recording(id: String(rest.dropFirst().dropLast(Self.recordingSuffix.count))) }
        guard let session = registry.session(id: String(rest.dropFirst())) else {
            return .text("no live session with that id\n", status: 404)
        }
        return Self.json(actions(of: session))
    }

    /// A loopback peer counts only without `X-Forwarded-For`: behind a reverse proxy on the same
    /// machine, every browser's request comes from loopback.
    func isAllowed(_ request: HTTPRequest) -> Bool {
        if let token, let authorization = request.headers["authorization"],
           Self.constantTimeEqual(authorization, "Bearer " + token) {
            return true
        }
        return request.headers["x-forwarded-for"] == nil && Self.isLoopback(request.remoteAddress)
    }

    static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.")
    }

    /// Compares every byte whatever differs first: how long a refusal takes says nothing about
    /// how much of a guess was right.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }

    private func sessionList() -> JSONValue {
        let sessions = registry.liveSessions.sorted { $0.id < $1.id }
        return ["sessions": .array(sessions.map { session in
            [
                "id": .string(session.id),
                "user": ["id": .string(session.user.id), "name": .string(session.currentUser.displayName)],
                "connected": .bool(session.output.connection != nil),
                "actions": .int(session.recording?.actionCount ?? 0),
            ]
        })]
    }

    private func actions(of session: Session) -> JSONValue {
        let entries = session.recording?.debugEntries ?? []
        return [
            "id": .string(session.id),
            "user": ["id": .string(session.user.id), "name": .string(session.currentUser.displayName)],
            "kept": .int(session.recording?.capacity ?? 0),
            "actions": .array(entries),
        ]
    }

    private static func json(_ value: JSONValue) -> HTTPResponse {
        HTTPResponse(contentType: "application/json", headers: ["cache-control": "no-store"], body: value.jsonBytes)
    }
}
