import Composable
import Foundation
import PokeAPI
@testable import PokedexServer
import PokedexFeatures
import StateSync
import XCTest

/// `--record` end to end over the server in process: a session's recording replays offline with
/// no difference, a changed reducer shows its first difference, and nothing secret is kept.
class RecordingTests: InProcessTestCase {
    override func configure(_ options: inout ServerOptions) {
        options.record = true
        options.recordDirectory = directory + "/recordings"
    }

    /// A session that browses, searches, stars, opens Favorites (roster, activity, an invite
    /// code), asks for a sign-in code, changes language and list, and goes back. Returns its
    /// recording and the secrets it was shown.
    func recordSession() async throws -> (recording: [UInt8], secrets: [String], session: String) {
        let browser = try await open(route: "/pokemon/4")
        try await browser.read { $0.state["list"]?["status"] == "loaded" && $0.state["destination"]?["detail"]?["status"] == "loaded" }
        try await browser.perform(["destination": ["dismiss": [:]]])
        try await browser.perform(["list": ["binding": ["search": "pika"]]])
        await passSearchDebounce()
        try await browser.read { Self.names($0) == ["Pikachu"] }
        try await browser.perform(["list": ["binding": ["search": ""]]])
        await passSearchDebounce()
        try await browser.read { Self.names($0).count > 1 }
        try await browser.perform(["list": ["reachedEnd": [:]]])
        let list = try XCTUnwrap(browser.state["lists"]?["active"])
        try await browser.perform(["favoriteSet": ["list": list, "id": 25, "on": true]], key: "k1")
        try await browser.read { $0.favorites == [25] }
        try await browser.perform(["navigate": ["route": "/pokemon/25"]])
        try await browser.read { $0.state["destination"]?["detail"]?["status"] == "loaded" }
        try await browser.perform(["favoritesTapped": [:]])
        try await browser.perform(["destination": ["presented": ["favorites": ["inviteTapped": ["role": "editor"]]]]])
        try await browser.read { $0.state["destination"]?["favorites"]?["invite"]?["link"] != nil }
        let invite = browser.state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue ?? ""
        try await browser.perform(["account": ["createSignInCode": [:]]])
        try await browser.read { $0.state["account"]?["signIn"]?["code"]?.stringValue != nil }
        let code = try XCTUnwrap(browser.state["account"]?["signIn"]?["code"]?.stringValue)
        try await browser.perform(["setLocale": ["locale": "es"]])
        try await browser.perform(["destination": ["dismiss": [:]]])
        try await browser.perform(["lists": ["create": ["name": "Gym team"]]])
        try await browser.read { ($0.state["lists"]?["all"]?.arrayValue?.count ?? 0) == 2 }
        try await browser.perform(["selectList": ["id": list]])
        try await browser.read { $0.state["lists"]?["active"] == list }
        let session = try XCTUnwrap(server.app.registry.session(id: browser.session))
        let recording = try XCTUnwrap(session.recording)
        let inviteCode = String(invite.split(separator: "/").last ?? "")
        XCTAssertFalse(inviteCode.isEmpty)
        return (recording.jsonLines, [inviteCode, code, browser.token ?? "no token"], browser.session)
    }

    /// The search waits on the server's clock, which moves only when the test says.
    func passSearchDebounce() async {
        await clock.sleepers(1)
        clock.advance(by: PokemonListFeature.searchDebounce)
    }

    static func names(_ session: TestSession) -> [String] {
        (session.state["list"]?["pages"]?.arrayValue ?? []).flatMap { $0.arrayValue ?? [] }.compactMap { $0["name"]?.stringValue }
    }

    func testARecordedSessionReplaysWithNoDifference() async throws {
        let (bytes, _, _) = try await recordSession()
        let file = try RecordingFile(jsonLines: bytes)
        let sources = Set(file.actionLines.compactMap { $0["source"]?.stringValue })
        XCTAssertEqual(sources, ["browser", "store", "send", "effect"], "every source is in it")
        XCTAssertTrue(file.lines.contains { $0.json["type"] == "shared" }, "the star reached the shared favorites")
        XCTAssertTrue(file.lines.contains { $0.json["type"] == "snapshot" })

        let report = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()
        XCTAssertNil(report.difference, report.summary)
        XCTAssertEqual(report.actions, file.actionLines.count)
        // `POKEDEX_WRITE_RECORDING=1`: this session becomes the checked-in recording
        // (`RecordedFixtureTests`), and its emitted test the checked-in one.
        try RecordedFixture.session.writeIfAsked(bytes)
        XCTAssertGreaterThan(report.patches, 10)
        XCTAssertEqual(report.summary, "replay: \(report.actions) actions, \(report.patches) patches, 0 differences")
    }

    func testAChangedReducerShowsTheFirstDifference() async throws {
        let (bytes, _, _) = try await recordSession()
        let file = try RecordingFile(jsonLines: bytes)
        let report = try Replayer(file, reducer: NoticeOnLocaleChange(), catalog: .embedded).run()
        let difference = try XCTUnwrap(report.difference, report.summary)
        let setLocale = try XCTUnwrap(file.actionLines.first { $0["frame"]?["setLocale"] != nil }?["n"]?.intValue)
        XCTAssertEqual(difference.action, setLocale, report.summary)
        XCTAssertEqual(difference.pointer, "/notice")
        XCTAssertEqual(difference.recorded, .null)
        XCTAssertEqual(difference.replayed, "changed")
        XCTAssertTrue(report.summary.hasPrefix("replay: \(report.actions) actions, "), report.summary)
        XCTAssertGreaterThanOrEqual(difference.lastAction, setLocale, "the batch's last action: the sends it caused")
        XCTAssertTrue(report.summary.contains("first difference at action \(setLocale)–\(difference.lastAction) (patch "), report.summary)
    }

    /// A drill-down: the ids the reducers gave the pushed screens are recorded and given again
    /// to the replay's reducers, so the browser's actions that name them (a type screen's row,
    /// popping the stack) replay, and the test emitted from it passes (`StackSessionTests`).
    func testAStackOfScreensReplaysWithItsIDs() async throws {
        let browser = try await open(route: "/pokemon/1")
        try await browser.read { $0.state["destination"]?["detail"]?["status"] == "loaded" }
        try await browser.perform(["destination": ["presented": ["detail": ["typeTapped": ["type": "grass"]]]]])
        try await browser.read { $0.state["stack"]?[0]?["type"]?["status"] == "loaded" }
        let typeID = try XCTUnwrap(browser.state["stack"]?[0]?["id"])
        try await browser.perform(["path": ["element": ["id": typeID, "action": ["type": ["rowTapped": ["id": 2]]]]]])
        try await browser.read { $0.state["stack"]?[1]?["detail"]?["status"] == "loaded" }
        try await browser.perform(["path": ["popFrom": ["id": typeID]]])
        try await browser.read { ($0.state["stack"]?.arrayValue ?? [1]).isEmpty }
        let bytes = try XCTUnwrap(server.app.registry.session(id: browser.session)?.recording).jsonLines
        let file = try RecordingFile(jsonLines: bytes)
        XCTAssertEqual(file.lines.filter { $0.json["type"] == "stackID" }.count, 2, "the type screen's id and the detail's")
        let report = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()
        XCTAssertNil(report.difference, report.summary)
        try RecordedFixture.stack.writeIfAsked(bytes)
    }

    /// No reducer reads the clock, the date or an id (format 1 keeps none): one that starts
    /// to is named at its action, not replayed with this machine's values.
    func testAReducerReadingTheDateIsNamedNotReplayed() async throws {
        let (bytes, _, _) = try await recordSession()
        let file = try RecordingFile(jsonLines: bytes)
        XCTAssertThrowsError(try Replayer(file, reducer: DateOnLocaleChange(), catalog: .embedded).run()) { error in
            let setLocale = file.actionLines.first { $0["frame"]?["setLocale"] != nil }?["n"]?.intValue ?? -1
            XCTAssertTrue("\(error)".contains("action \(setLocale): a reducer read the date"), "\(error)")
        }
    }

    func testNothingSecretIsKeptAndTheFileIsWrittenWhenTheSessionEnds() async throws {
        let (bytes, secrets, session) = try await recordSession()
        let text = String(decoding: bytes, as: UTF8.self)
        for secret in secrets {
            XCTAssertFalse(text.contains(secret), "the recording holds the secret \(secret)")
        }
        XCTAssertTrue(text.contains("/join/REDACTED"), "the invite link is kept, its code redacted")
        XCTAssertTrue(text.contains("/signin/REDACTED"))

        await server.shutdown()
        let path = directory + "/recordings/" + SessionRecording.fileName(session: session)
        let written = try XCTUnwrap(FileManager.default.contents(atPath: path), "no recording at \(path)")
        let onDisk = String(decoding: written, as: UTF8.self)
        for secret in secrets { XCTAssertFalse(onDisk.contains(secret)) }
        let report = try Replayer(RecordingFile(jsonLines: Array(written)), reducer: AppFeature(), catalog: .embedded).run()
        XCTAssertNil(report.difference, report.summary)
    }

    /// Two members of one list: each one's stars reach the other's session as shared changes
    /// (from the feed, not from its own actions), and both recordings replay.
    func testSharedChangesMadeByAnotherMemberReplay() async throws {
        let ash = try await open()
        try await ash.read { $0.state["list"]?["status"] == "loaded" }
        let code = try await ash.createInvite()
        let misty = try await open(route: "/join/\(code)")
        try await misty.read { $0.activeListID == ash.activeListID }
        try await misty.perform(["favoritesTapped": [:]])
        for id in [1, 4, 7] {
            try await ash.perform(ash.star(id), key: "a\(id)")
            try await misty.read { $0.favorites.contains(id) }
        }
        try await misty.perform(misty.star(25), key: "m25")
        try await ash.read { $0.favorites.contains(25) }
        try await ash.perform(ash.star(4, on: false), key: "a4off")
        try await misty.read { !$0.favorites.contains(4) }
        try await misty.perform(["destination": ["presented": ["favorites": ["leaveTapped": [:]]]]])
        try await misty.perform(["alert": ["confirm": [:]]])
        try await misty.read { $0.activeListID != ash.activeListID }

        for browser in [ash, misty] {
            let recording = try XCTUnwrap(server.app.registry.session(id: browser.session)?.recording)
            let file = try RecordingFile(jsonLines: recording.jsonLines)
            XCTAssertTrue(file.lines.contains { $0.json["type"] == "shared" && $0.json["favorites"] != nil })
            let report = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()
            XCTAssertNil(report.difference, report.summary)
        }
    }

    func testTheCommandLineSaysWhatItFound() async throws {
        let (bytes, _, _) = try await recordSession()
        let path = directory + "/session.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(ReplayCommand.run(try ReplayOptions.parse([path])), 0)
        XCTAssertEqual(ReplayCommand.run(try ReplayOptions.parse([directory + "/missing.jsonl"])), 2)
        XCTAssertThrowsError(try ReplayOptions.parse([]))
        XCTAssertThrowsError(try ReplayOptions.parse([path, "--emit-test", "not a name"]))
        XCTAssertEqual(ReplayCommand.run(try ReplayOptions.parse([path, "--emit-test", "Session", "--output", directory])), 0)
        let emitted = try String(contentsOfFile: directory + "/SessionTests.swift", encoding: .utf8)
        XCTAssertTrue(emitted.contains("final class SessionTests: XCTestCase"))
        XCTAssertTrue(emitted.contains("await store.send(PokedexFeatures.AppFeature.Action.setLocale(PokedexModels.AppLocale.es))"), emitted)
    }
}

/// A ring of 8 actions: the same session drops its start many times over; the recording then
/// begins at a checkpoint, with the state the browser had there, and still replays.
final class WrappedRingRecordingTests: RecordingTests {
    override func configure(_ options: inout ServerOptions) {
        super.configure(&options)
        options.recordActions = 8
    }

    func testAWrappedRingReplaysFromTheStateItBeginsWith() async throws {
        let (bytes, secrets, _) = try await recordSession()
        let file = try RecordingFile(jsonLines: bytes)
        XCTAssertGreaterThan(file.start.droppedActions, 20)
        XCTAssertNotNil(file.start.state, "the ring begins at a checkpoint")
        XCTAssertLessThanOrEqual(file.actionLines.count, 8)
        XCTAssertEqual(file.actionLines.first?["n"]?.intValue, file.start.droppedActions + 1)
        let text = String(decoding: bytes, as: UTF8.self)
        for secret in secrets { XCTAssertFalse(text.contains(secret), "the state holds \(secret)") }
        let report = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()
        XCTAssertNil(report.difference, report.summary)
        XCTAssertEqual(report.actions, file.actionLines.count)
        XCTAssertGreaterThan(report.patches, 0)
    }

    // The parent's tests need the whole session.
    override func testARecordedSessionReplaysWithNoDifference() async throws {}
    override func testAChangedReducerShowsTheFirstDifference() async throws {}
    override func testNothingSecretIsKeptAndTheFileIsWrittenWhenTheSessionEnds() async throws {}
    override func testSharedChangesMadeByAnotherMemberReplay() async throws {}
    override func testTheCommandLineSaysWhatItFound() async throws {}
    override func testAReducerReadingTheDateIsNamedNotReplayed() async throws {}
    override func testAStackOfScreensReplaysWithItsIDs() async throws {}
}

/// AppFeature, but a language change reads the date: what a recording does not keep.
struct DateOnLocaleChange: Reducer {
    let app = AppFeature()

    func reduce(into state: inout AppFeature.State, action: AppFeature.Action) -> Effect<AppFeature.Action> {
        if case .setLocale = action { state.notice = "\(DependencyValues.current.date.now)" }
        return app.reduce(into: &state, action: action)
    }
}

/// AppFeature, but a language change also sets a notice: the behaviour change a replay finds.
struct NoticeOnLocaleChange: Reducer {
    let app = AppFeature()

    func reduce(into state: inout AppFeature.State, action: AppFeature.Action) -> Effect<AppFeature.Action> {
        let effect = app.reduce(into: &state, action: action)
        if case .setLocale = action { state.notice = "changed" }
        return effect
    }
}
