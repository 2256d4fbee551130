import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PokedexFeatures
import PokedexModels
@testable import PokedexServer
import StateSync
import XCTest

/// "Report a problem" on a server started without `--record` or `--debug`: the session that
/// asks starts recording there and then, its file appears under the data directory, the
/// debug route serves it, the browser is shown the reference, and nothing secret is kept.
final class ConsentRecordingTests: InProcessTestCase {
    var recordings: String { directory + "/recordings" }

    func testReportingAProblemStartsARecordingOfTheSessionFromThen() async throws {
        let browser = try await open(route: "/pokemon/4")
        try await browser.read { $0.state["list"]?["status"] == "loaded" && $0.state["destination"]?["detail"]?["status"] == "loaded" }
        let session = try XCTUnwrap(server.app.registry.session(id: browser.session))
        XCTAssertNil(session.recording, "without --record no session records")
        let path = recordings + "/" + SessionRecording.fileName(session: browser.session)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))

        let refused = try await browser.perform(["account": ["reportProblem": [:]]])
        XCTAssertNil(refused)
        try await browser.read { $0.state["account"]?["report"]?["reference"]?.stringValue == browser.session }
        let recording = try XCTUnwrap(session.recording, "the consent started a recording")
        let atConsent = try RecordingFile(path: path)
        XCTAssertTrue(atConsent.start.onConsent)
        XCTAssertEqual(atConsent.start.session, browser.session)
        XCTAssertEqual(atConsent.start.restoring?.route, "/pokemon/4", "the screen when the user consented")
        XCTAssertEqual(atConsent.lines.first?.json["type"], "snapshot", "what the browser had, the patches' base")

        // What the session does from then on is recorded, secrets redacted.
        try await browser.perform(["destination": ["dismiss": [:]]])
        try await browser.perform(["list": ["binding": ["search": "pika"]]])
        await clock.sleepers(1)
        clock.advance(by: PokemonListFeature.searchDebounce)
        try await browser.read { ($0.state["list"]?["pages"]?[0]?.arrayValue?.count ?? 0) == 1 }
        try await browser.perform(["account": ["createSignInCode": [:]]])
        try await browser.read { $0.state["account"]?["signIn"]?["code"]?.stringValue != nil }
        let code = try XCTUnwrap(browser.state["account"]?["signIn"]?["code"]?.stringValue)
        try await browser.perform(["account": ["reportDismissed": [:]]])
        try await browser.read { $0.state["account"]?["report"] == nil }

        let debug = DebugRoutes(registry: server.app.registry, token: nil, recordingDirectory: recordings)
        let served = debug.recording(id: browser.session)
        XCTAssertEqual(served.status, 200)
        XCTAssertEqual(served.body, recording.jsonLines)
        let file = try RecordingFile(jsonLines: served.body)
        let actions = file.actionLines
        XCTAssertFalse(actions.contains { $0["frame"]?["account"]?["reportProblem"] != nil }, "the recording starts after the consent")
        XCTAssertTrue(actions.contains { $0["frame"]?["list"]?["binding"]?["search"] == "pika" })
        XCTAssertTrue(actions.contains { $0["action"]?["account"]?["signInCodeCreated"] != nil })
        let text = String(decoding: served.body, as: UTF8.self)
        for secret in [code, browser.token ?? "no token"] { XCTAssertFalse(text.contains(secret), "the recording holds \(secret)") }

        // The snapshot and the patches after it are what the browser was sent: `/?rewind=ID`
        // ends on the browser's screen.
        var rewound = try XCTUnwrap(file.lines.first { $0.json["type"] == "snapshot" }?.json["state"])
        for line in file.lines where line.json["type"] == "patch" {
            guard case let .patch(_, ops, _, _)? = try? ServerMessage.parse(XCTUnwrap(line.json["frame"]).jsonBytes) else { return XCTFail("not a patch") }
            rewound = try JSONPatch.apply(ops, to: rewound)
        }
        XCTAssertEqual(rewound["route"], browser.state["route"])
        XCTAssertEqual(rewound["list"], browser.state["list"])
        XCTAssertEqual(rewound["account"]?["report"], browser.state["account"]?["report"])

        // The replay starts from the state the recording began with, and finds what the
        // browser was sent; the test it emits starts there too.
        XCTAssertNotNil(file.start.state)
        let report = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()
        XCTAssertNil(report.difference, report.summary)
        XCTAssertEqual(report.actions, actions.count)
        XCTAssertGreaterThan(report.patches, 2)
        var emitter = TestEmitter(name: "Consented", start: file.start)
        _ = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run { emitter.step($0) }
        let emitted = emitter.finish()
        XCTAssertTrue(emitted.contains("value.list.search = \"\"") || emitted.contains("$0.list.search = \"pika\""), emitted)
        XCTAssertFalse(emitted.contains("cannot be written"), emitted)
        // `POKEDEX_WRITE_RECORDING=1`: the checked-in consented recording (`RecordedFixtureTests`).
        try RecordedFixture.consented.writeIfAsked(served.body)

        // Asking again keeps the one recording.
        try await browser.perform(["account": ["reportProblem": [:]]])
        try await browser.read { $0.state["account"]?["report"]?["reference"]?.stringValue == browser.session }
        XCTAssertTrue(session.recording === recording)

        await server.shutdown()
        let written = try RecordingFile(path: path)
        XCTAssertTrue(written.actionLines.contains { $0["frame"]?["list"]?["binding"]?["search"] == "pika" }, "written again when the session ended")
        let onDisk = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: path)), as: UTF8.self)
        XCTAssertFalse(onDisk.contains(code))
    }

    func testOnlySoManySessionsRecordOnConsentAtOnce() throws {
        let consent = ConsentRecordings(settings: RecordingSettings(onConsent: ServerOptions()), limit: 1)
        XCTAssertTrue(consent.admit())
        XCTAssertFalse(consent.admit(), "the second waits for the first to end")
        var recording: SessionRecording? = SessionRecording(start: Self.start, ended: consent.ended)
        XCTAssertNotNil(recording)
        recording = nil
        XCTAssertEqual(consent.count, 0, "a recording that is gone frees its place")
        XCTAssertTrue(consent.admit())
    }

    static let start = RecordingStart(
        session: "s", user: .init(id: "u", displayName: "Ash"), route: "/", restoring: nil, locale: .en, lists: [], activeListID: "",
        favorites: [], pokemonIDs: PokemonIDs([1...151]), catalogCSV: nil, publicURL: "http://localhost"
    )
}

/// With `--debug` (every session records in memory), consent also writes the session's
/// recording under the data directory; `/debug/sessions/ID/recording` serves it over HTTP.
final class ConsentRecordingDebugTests: ServerTestCase {
    override func configure(_ options: inout ServerOptions) {
        options.debug = true
    }

    func testConsentKeepsTheDebugRecordingOnDiskAndTheRouteServesIt() async throws {
        let browser = try await TestSession.open(client, port: server.port)
        try await browser.perform(["navigate": ["route": "/pokemon/25"]])
        let path = directory + "/recordings/" + SessionRecording.fileName(session: browser.session)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "--debug keeps recordings in memory")

        try await browser.perform(["account": ["reportProblem": [:]]])
        try await browser.read { $0.state["account"]?["report"]?["reference"]?.stringValue == browser.session }
        let written = try RecordingFile(path: path)
        XCTAssertFalse(written.start.onConsent, "recorded from its start: replayable")
        XCTAssertTrue(written.actionLines.contains { $0["frame"]?["navigate"] != nil })

        let response = try await fetch("/debug/sessions/\(browser.session)/recording")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.type, "application/jsonl")
        let served = try RecordingFile(jsonLines: Array(response.body.utf8))
        XCTAssertTrue(served.actionLines.contains { $0["frame"]?["account"]?["reportProblem"] != nil })
        let report = try Replayer(served, reducer: AppFeature(), catalog: .embedded).run()
        XCTAssertNil(report.difference, report.summary)
    }
}
