import Foundation
import PokedexModels
import Storage
import XCTest

/// Keyed stars, who added what, the activity log and undo.
extension StoreConformanceTests {
    func testAKeyIsAppliedOncePerUserEvenFromAnotherHandle() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")

        XCTAssertNotNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id, key: "k-1"))
        XCTAssertNotNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: misty.id, key: "m-1"))
        // Ash's replay, from another process's handle: acknowledged, not applied again.
        let elsewhere = try openStores().lists
        XCTAssertNil(try elsewhere.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id, key: "k-1"))
        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: ash.id), FavoritesSnapshot(ids: [], seq: 2))
        // Keys are per user: Misty's "k-1" is hers to use.
        XCTAssertNotNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: misty.id, key: "k-1"))
        XCTAssertEqual(try starEvents(list, as: ash).map(\.kind), [.starSet, .starUnset, .starSet])
    }

    func testARefusedKeyedStarKeepsNoKey() async throws {
        let (_, _, list) = try await makeUser("Ash")
        let brock = try await makeMember(of: list, role: .viewer, name: "Brock")
        XCTAssertThrows(.forbidden, try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: brock.id, key: "b-1"))
        XCTAssertEqual(try count("applied_keys"), 0)
    }

    func testOnlyTheNewestKeysOfAUserAreKept() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        for index in 0..<(AppliedKeys.kept + 5) {
            _ = try lists.setFavorite(list: list.id, pokemonID: 1 + index % 2, isFavorite: index % 4 < 2, by: ash.id, key: "k\(index)")
        }
        XCTAssertEqual(try count("applied_keys"), AppliedKeys.kept)
        // The newest is still known; the oldest was forgotten, so it applies again.
        XCTAssertNil(try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id, key: "k\(AppliedKeys.kept + 4)"))
        XCTAssertEqual(try storedValues("key", of: "applied_keys").contains("k0"), false)
    }

    func testAdditionsSayWhoAddedEachFavoriteAndWhen() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let before = Int64(Date().timeIntervalSince1970 * 1000) - 1000
        try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id)
        try lists.setFavorite(list: list.id, pokemonID: 4, isFavorite: true, by: misty.id)

        let additions = try lists.favoriteAdditions(ofList: list.id, as: misty.id)
        XCTAssertEqual(additions.keys.sorted(), [4, 25])
        XCTAssertEqual(additions[25]?.addedBy, ash)
        XCTAssertEqual(additions[4]?.addedBy, misty)
        XCTAssertGreaterThanOrEqual(additions[4]?.addedAt ?? 0, before)
        XCTAssertLessThan(additions[4]?.addedAt ?? .max, before + 60_000)
        let stranger = try await makeUser("Jessie").user
        XCTAssertThrows(.notMember, try lists.favoriteAdditions(ofList: list.id, as: stranger.id))
    }

    func testActivityIsNewestFirstWithNamesAndOnlyForMembers() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id)
        try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: misty.id)  // no change: no event
        try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: misty.id)
        try lists.setFavorite(list: list.id, pokemonID: 7, isFavorite: true, by: misty.id)

        let all = try lists.activity(ofList: list.id, as: ash.id, limit: 50)
        // Misty came in by an invite: both are in the log, before the stars.
        XCTAssertEqual(all.map(\.kind), [.starSet, .starUnset, .starSet, .joined, .inviteCreated])
        XCTAssertEqual(all[3].actor, misty)
        let events = try starEvents(list, as: ash)
        XCTAssertEqual(events.map(\.pokemonID), [7, 25, 25])
        XCTAssertEqual(events.map(\.actor), [misty, misty, ash])
        XCTAssertEqual(events.map(\.id), events.map(\.id).sorted(by: >))
        XCTAssertEqual(try lists.activity(ofList: list.id, as: ash.id, limit: 2).map(\.pokemonID), [7, 25])
        let stranger = try await makeUser("Jessie").user
        XCTAssertThrows(.notMember, try lists.activity(ofList: list.id, as: stranger.id, limit: 50))
    }

    func testUndoRevertsTheUsersOwnStarsOneAfterAnother() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id)
        try lists.setFavorite(list: list.id, pokemonID: 4, isFavorite: true, by: ash.id)
        try lists.setFavorite(list: list.id, pokemonID: 7, isFavorite: true, by: misty.id)

        // Ash's latest is #4, not Misty's #7.
        let first = try XCTUnwrap(try lists.undo(list: list.id, by: ash.id))
        XCTAssertEqual(first.undone.pokemonID, 4)
        XCTAssertFalse(first.undone.isFavorite)
        XCTAssertEqual(first.change, FavoriteChange(listID: list.id, seq: 4, pokemonID: 4, isFavorite: false, userID: ash.id))
        // Again: the one before it, not the undo itself.
        let second = try XCTUnwrap(try lists.undo(list: list.id, by: ash.id))
        XCTAssertEqual(second.undone.pokemonID, 1)
        XCTAssertNil(try lists.undo(list: list.id, by: ash.id), "nothing of Ash's is left to undo")
        XCTAssertEqual(try lists.favorites(inList: list.id, as: ash.id), [7])

        let events = try starEvents(list, as: ash)
        XCTAssertEqual(events.map(\.kind), [.starUnset, .starUnset, .starSet, .starSet, .starSet])
        XCTAssertEqual(events[0].undoes, events[4].id)
        XCTAssertEqual(events[1].undoes, events[3].id)
        XCTAssertNil(events[2].undoes)
    }

    func testUndoOfAStarSomeoneElseChangedSinceIsLoggedAndWalksOn() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id)
        try lists.setFavorite(list: list.id, pokemonID: 4, isFavorite: true, by: ash.id)
        try lists.setFavorite(list: list.id, pokemonID: 4, isFavorite: false, by: misty.id)

        let undo = try XCTUnwrap(try lists.undo(list: list.id, by: ash.id))
        XCTAssertEqual(undo.undone.pokemonID, 4)
        XCTAssertNil(undo.change, "#4 is already unset: nothing to commit")
        XCTAssertEqual(try lists.undo(list: list.id, by: ash.id)?.undone.pokemonID, 1)
        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: ash.id), FavoritesSnapshot(ids: [], seq: 4))
    }

    func testViewersAndStrangersCannotUndo() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let brock = try await makeMember(of: list, role: .viewer, name: "Brock")
        let stranger = try await makeUser("Jessie").user
        try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id)
        XCTAssertThrows(.forbidden, try lists.undo(list: list.id, by: brock.id))
        XCTAssertThrows(.notMember, try lists.undo(list: list.id, by: stranger.id))
        XCTAssertEqual(try lists.favorites(inList: list.id, as: ash.id), [1])
        XCTAssertEqual(try starEvents(list, as: ash).count, 1)
    }

    /// The list's star events, newest first (joins and invites are in the log too).
    private func starEvents(_ list: FavoritesList, as user: User) throws -> [ListEvent] {
        try lists.activity(ofList: list.id, as: user.id, limit: 50).filter { $0.kind == .starSet || $0.kind == .starUnset }
    }
}
