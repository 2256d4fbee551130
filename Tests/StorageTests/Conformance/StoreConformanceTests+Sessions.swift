import Foundation
import PokedexModels
import Storage
import XCTest

/// Saved sessions: what a resume on another process (or after a restart) rebuilds.
extension StoreConformanceTests {
    /// A time with a fraction, so a store that rounds it shows.
    private var savedAt: Date { Date(timeIntervalSince1970: 1_800_000_000.125) }

    func testSavedSessionIsFoundByIDAndSavingAgainReplacesIt() async throws {
        let ash = try await makeUser("Ash").user
        let session = SavedSession(id: RandomToken.secret(), userID: ash.id, state: #"{"route":"list"}"#, updatedAt: savedAt)

        try sessions.save([session])
        XCTAssertEqual(try sessions.session(id: session.id), session)

        var later = session
        later.state = #"{"route":"detail","id":25}"#
        later.updatedAt = savedAt.addingTimeInterval(60)
        try sessions.save([later])

        XCTAssertEqual(try sessions.session(id: session.id), later)
        XCTAssertNil(try sessions.session(id: RandomToken.secret()))
        XCTAssertEqual(try count("saved_sessions"), 1)
    }

    func testSavingUnderAnotherUsersIDLeavesTheirSessionAlone() async throws {
        let ash = try await makeUser("Ash").user
        let rocket = try await makeUser("Team Rocket").user
        let ashes = SavedSession(id: RandomToken.secret(), userID: ash.id, state: "ash's", updatedAt: savedAt)
        try sessions.save([ashes])

        try sessions.save([SavedSession(id: ashes.id, userID: rocket.id, state: "hijacked", updatedAt: savedAt.addingTimeInterval(1))])

        XCTAssertEqual(try sessions.session(id: ashes.id), ashes)
    }

    func testOneBatchSavesEveryStateWhateverItsCharacters() async throws {
        let ash = try await makeUser("Ash").user
        let states = ["", #"{"q":"Mr. \"Mime\""}"#, #"C:\path\{x,y}"#, "NULL", "é🐉, {}", "line\nbreak\ttab"]
        let batch = states.enumerated().map { index, state in
            SavedSession(id: "session-\(index)", userID: ash.id, state: state, updatedAt: savedAt.addingTimeInterval(Double(index)))
        }

        try sessions.save(batch)
        try sessions.save([])

        for session in batch {
            XCTAssertEqual(try sessions.session(id: session.id), session)
        }
    }

    func testABatchSavesInOrderSoASessionsLastStateWins() async throws {
        let ash = try await makeUser("Ash").user
        let rocket = try await makeUser("Team Rocket").user
        let state = { (id: String, userID: String, state: String, offset: Double) in
            SavedSession(id: id, userID: userID, state: state, updatedAt: self.savedAt.addingTimeInterval(offset))
        }
        let other = state("other", ash.id, "other", 0)

        try sessions.save([
            state("twice", ash.id, "first", 0), other, state("twice", rocket.id, "hijacked", 1), state("twice", ash.id, "last", 2),
        ])

        XCTAssertEqual(try sessions.session(id: "twice"), state("twice", ash.id, "last", 2))
        XCTAssertEqual(try sessions.session(id: "other"), other)
    }

    func testDeleteSessionsForgetsOnlyThoseSavedBeforeTheDate() async throws {
        let ash = try await makeUser("Ash").user
        let old = SavedSession(id: "old", userID: ash.id, state: "a", updatedAt: savedAt)
        let edge = SavedSession(id: "edge", userID: ash.id, state: "b", updatedAt: savedAt.addingTimeInterval(10))
        let new = SavedSession(id: "new", userID: ash.id, state: "c", updatedAt: savedAt.addingTimeInterval(20))
        try sessions.save([old, edge, new])

        XCTAssertEqual(try sessions.deleteSessions(savedBefore: edge.updatedAt), 1)
        XCTAssertEqual(try sessions.deleteSessions(savedBefore: edge.updatedAt), 0)

        XCTAssertNil(try sessions.session(id: "old"))
        XCTAssertEqual(try sessions.session(id: "edge"), edge, "saved at the date itself: kept")
        XCTAssertEqual(try sessions.session(id: "new"), new)
    }
}
