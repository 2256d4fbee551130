import Foundation
@testable import PokedexServer
import StateSync
import WebSocketServer
import XCTest

/// One identity on every device over the server in process: two users, their tabs, a code
/// that signs a third browser in, signing out here or everywhere, renames every tab sees. The
/// clock (codes' expiry, the limits) moves only when a test advances it.
final class AccountSessionTests: InProcessTestCase {
    override func configure(_ options: inout ServerOptions) {
        options.limits.signInsPerMinute = 4
        options.limits.signInCodesPerMinute = 3
    }

    let createCode: JSONValue = ["account": ["createSignInCode": [:]]]

    /// Asks for a code in `session` and returns it as issued.
    func code(from session: TestSession) async throws -> String {
        let refusal = try await session.perform(createCode)
        XCTAssertNil(refusal)
        try await session.read { $0.state["account"]?["signIn"]?["code"]?.stringValue != nil }
        return try XCTUnwrap(session.state["account"]?["signIn"]?["code"]?.stringValue)
    }

    /// A hello that is refused: the error frame's code.
    func refusedHello(_ hello: ClientMessage.Hello, on peer: InProcessPeer? = nil) async throws -> ProtocolError.Code? {
        let peer = peer ?? server.connect()
        peer.send(ClientMessage.hello(hello).encoded())
        guard case let .error(_, code, _) = try ServerMessage.parse(try await peer.next()) else { return nil }
        return code
    }

    func assertRefused(_ hello: ClientMessage.Hello, _ expected: ProtocolError.Code, file: StaticString = #filePath, line: UInt = #line) async throws {
        let code = try await refusedHello(hello)
        XCTAssertEqual(code, expected, file: file, line: line)
    }

    /// Reads the session's frames until its connection closes; the close code.
    func closeCode(_ session: TestSession) async -> UInt16? {
        do { try await session.read { _ in false } } catch {}
        return session.peer.closeCode
    }

    func testACodeSignsAThirdBrowserInAsTheSameUserWithATokenOfItsOwn() async throws {
        let ash = try await open()
        let misty = try await open()
        let ashTab = try await open(token: ash.token)

        let code = try await code(from: ash)
        let signIn = try XCTUnwrap(ash.state["account"]?["signIn"])
        XCTAssertEqual(signIn["link"]?.stringValue, "http://127.0.0.1:8080/#/signin/\(code)")
        XCTAssertEqual(code.count, 8)
        let expiresAt = try XCTUnwrap(signIn["expiresAt"]?.intValue)
        XCTAssertEqual(Double(expiresAt) / 1000, clock.date.timeIntervalSince1970 + 600, accuracy: 1)
        // Only the session that asked shows it.
        try await ashTab.perform(["dismissNotice": [:]])
        XCTAssertEqual(ashTab.state["account"]?["signIn"], .null)
        try await misty.perform(["dismissNotice": [:]])
        XCTAssertEqual(misty.state["account"]?["signIn"], .null)

        let phone = try await TestSession.open(server, signIn: SignInCodeFormat.grouped(code))

        XCTAssertEqual(phone.userID, ash.userID)
        XCTAssertEqual(phone.state["me"], ash.state["me"])
        XCTAssertNotNil(phone.token)
        XCTAssertNotEqual(phone.token, ash.token)
        XCTAssertNotEqual(phone.userID, misty.userID)
        // The phone's token is its own from now on.
        let phoneAgain = try await open(token: phone.token)
        XCTAssertEqual(phoneAgain.userID, ash.userID)

        // Single use: a fourth browser is refused and stays who it was.
        let browser = server.connect()
        let used = try await refusedHello(.init(token: misty.token, route: "/", signIn: code), on: browser)
        XCTAssertEqual(used, .usedSignInCode)
        browser.send(ClientMessage.hello(.init(token: misty.token, route: "/")).encoded())
        guard case let .welcome(_, user, token) = try ServerMessage.parse(try await browser.next()) else { return XCTFail("no welcome") }
        XCTAssertEqual(user?["id"]?.stringValue, misty.userID)
        XCTAssertNil(token)
    }

    func testAnExpiredOrWrongCodeIsRefusedWithItsOwnCode() async throws {
        let ash = try await open()
        let code = try await code(from: ash)

        try await assertRefused(.init(route: "/", signIn: "ABCD-EFGH"), .unknownSignInCode)
        try await assertRefused(.init(route: "/", signIn: "no"), .unknownSignInCode)
        clock.advance(by: .seconds(600))
        try await assertRefused(.init(route: "/", signIn: code), .expiredSignInCode)
    }

    func testSignInAttemptsAndCodesAreRateLimited() async throws {
        let ash = try await open()
        for _ in 0..<4 { try await assertRefused(.init(route: "/", signIn: "ABCDEFGH"), .unknownSignInCode) }
        try await assertRefused(.init(route: "/", signIn: "ABCDEFGH"), .rateLimited)
        // Even the right code waits: guessing is what the limit stops.
        let code = try await code(from: ash)
        try await assertRefused(.init(route: "/", signIn: code), .rateLimited)
        clock.advance(by: .seconds(15))
        let phone = try await TestSession.open(server, signIn: code)
        XCTAssertEqual(phone.userID, ash.userID)

        _ = try await self.code(from: ash)
        _ = try await self.code(from: ash)
        let refused = try await ash.perform(createCode)
        XCTAssertEqual(refused, .rateLimited, "three codes a minute")
    }

    func testSigningOutEndsThisBrowsersSessionsAndItsTokenNoLongerWorks() async throws {
        let ash = try await open()
        let ashTab = try await open(token: ash.token)
        let phone = try await TestSession.open(server, signIn: try await code(from: ash))
        let misty = try await open()

        ash.send(["account": ["signOut": [:]]])

        let closes = await [closeCode(ash), closeCode(ashTab)]
        XCTAssertEqual(closes, [4001, 4001], "both tabs of the browser hold the token")
        try await assertRefused(.init(token: ash.token, route: "/"), .unknownToken)
        let again = try await open()
        XCTAssertNotEqual(again.userID, ash.userID, "the browser starts as a new user")
        // The phone and the other user go on.
        let phoneGoesOn = try await phone.perform(["dismissNotice": [:]])
        XCTAssertNil(phoneGoesOn)
        let mistyGoesOn = try await misty.perform(["dismissNotice": [:]])
        XCTAssertNil(mistyGoesOn)
        let phoneAgain = try await open(token: phone.token)
        XCTAssertEqual(phoneAgain.userID, ash.userID)
    }

    func testSigningOutEverywhereEndsEverySessionAndNoneResumes() async throws {
        let ash = try await open()
        let ashTab = try await open(token: ash.token)
        let phone = try await TestSession.open(server, signIn: try await code(from: ash))
        let misty = try await open()
        let kept = (session: ashTab.session, seq: ashTab.seq)

        phone.send(["account": ["signOutEverywhere": [:]]])

        let closes = await [closeCode(ash), closeCode(ashTab), closeCode(phone)]
        XCTAssertEqual(closes, [4001, 4001, 4001])
        for token in [ash.token, phone.token] {
            try await assertRefused(.init(token: token, resume: .init(session: kept.session, seq: kept.seq), route: "/"), .unknownToken)
        }
        XCTAssertTrue(server.app.registry.sessions(ofUser: try XCTUnwrap(ash.userID)).isEmpty, "no session is kept to resume")
        let mistyGoesOn = try await misty.perform(["dismissNotice": [:]])
        XCTAssertNil(mistyGoesOn)
    }

    func testARenameReachesEveryTabOfTheUser() async throws {
        let ash = try await open()
        let ashTab = try await open(token: ash.token)
        let phone = try await TestSession.open(server, signIn: try await code(from: ash))
        let misty = try await open()
        let mistyName = misty.state["me"]?["name"]

        let renamed = try await ash.perform(["rename": ["name": "Red"]])
        XCTAssertNil(renamed)

        for tab in [ash, ashTab, phone] {
            try await tab.read { $0.state["me"]?["name"] == "Red" }
        }
        let mistyGoesOn = try await misty.perform(["dismissNotice": [:]])
        XCTAssertNil(mistyGoesOn)
        XCTAssertEqual(misty.state["me"]?["name"], mistyName)
        // A resume's welcome names the user as renamed.
        ashTab.close()
        let peer = server.connect()
        peer.send(ClientMessage.hello(.init(token: ashTab.token ?? ash.token, resume: .init(session: ashTab.session, seq: ashTab.seq), route: "/")).encoded())
        guard case let .welcome(_, user, _) = try ServerMessage.parse(try await peer.next()) else { return XCTFail("no welcome") }
        XCTAssertEqual(user?["name"], "Red")
    }
}

/// The code as people see it (grouped), to check it is accepted as typed.
private enum SignInCodeFormat {
    static func grouped(_ code: String) -> String { String(code.prefix(4)) + "-" + String(code.suffix(4)) }
}
