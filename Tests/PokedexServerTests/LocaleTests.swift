import Foundation
import StateSync
import WebSocketServer
import XCTest

/// A session's language end to end: from the hello, switched by `setLocale`, in the names,
/// genus and abilities of its snapshot and patches; and search as people type it.
final class LocaleTests: ServerTestCase {
    private func names(_ session: TestSession) -> [String] {
        (session.state["list"]?["pages"]?.arrayValue ?? []).flatMap { $0.arrayValue ?? [] }.compactMap { $0["name"]?.stringValue }
    }

    func testAHelloInSpanishGetsSpanishNamesAndGenus() async throws {
        let session = try await TestSession.open(client, port: server.port, route: "/pokemon/29", locale: "es-MX")
        XCTAssertEqual(session.state["locale"], "es")
        try await session.read { $0.state["destination"]?["detail"]?["status"] == "loaded" && $0.state["list"]?["status"] == "loaded" }
        let detail = session.state["destination"]?["detail"]
        XCTAssertEqual(detail?["pokemon"]?["name"], "Nidoran♀")
        XCTAssertEqual(detail?["info"]?["genus"], "Pokémon Pin Veneno")
        XCTAssertEqual(detail?["info"]?["abilities"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["Punto Tóxico", "Rivalidad", "Entusiasmo"])
        XCTAssertEqual(Array(names(session).prefix(3)), ["Bulbasaur", "Ivysaur", "Venusaur"])
    }

    func testSetLocaleSwitchesEveryScreenAndAnUnknownOneIsRefused() async throws {
        let session = try await TestSession.open(client, port: server.port, route: "/pokemon/122", locale: "fr")
        XCTAssertEqual(session.state["locale"], "en", "a language the Pokédex does not speak falls back to English")
        try await session.read { $0.state["destination"]?["detail"]?["info"]?["genus"] == "Barrier Pokémon" }
        XCTAssertEqual(session.state["destination"]?["detail"]?["pokemon"]?["name"], "Mr. Mime")

        let switched = try await session.perform(["setLocale": ["locale": "es"]])
        XCTAssertNil(switched)
        try await session.read { $0.state["destination"]?["detail"]?["info"]?["genus"] == "Pokémon Barrera" }
        XCTAssertEqual(session.state["locale"], "es")
        XCTAssertEqual(session.state["destination"]?["detail"]?["pokemon"]?["name"], "Mr. Mime")

        let before = session.state
        let unknown = try await session.perform(["setLocale": ["locale": "fr"]])
        XCTAssertEqual(unknown, .badAction)
        let notAString = try await session.perform(["setLocale": ["locale": 7]])
        XCTAssertEqual(notAString, .badAction)
        XCTAssertEqual(session.state, before, "a refused action changes nothing")
    }

    func testSearchFindsWhatPeopleType() async throws {
        let session = try await TestSession.open(client, port: server.port)
        try await session.read { $0.state["list"]?["status"] == "loaded" }
        let cases: [(String, [String])] = [
            ("mr mime", ["Mr. Mime"]), ("FARFETCHD", ["Farfetch’d"]), ("nidoran", ["Nidoran♀", "Nidoran♂"]),
            ("25", ["Pikachu"]), ("#025", ["Pikachu"]), ("pokémon ", []),
        ]
        for (search, expected) in cases {
            try await session.perform(["list": ["binding": ["search": .string(search)]]])
            // The search runs after its debounce: the rows change once it has.
            try await session.read { self.names($0) == expected && $0.state["list"]?["status"] == "loaded" }
            XCTAssertEqual(session.state["list"]?["total"], .int(expected.count), search)
        }
    }
}
