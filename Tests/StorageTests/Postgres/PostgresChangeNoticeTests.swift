import Foundation
import PokedexModels
import Postgres
import Storage
import XCTest
@testable import PostgresStorage

/// Every committed write of the PostgreSQL stores announces what it changed on
/// `pokedex_changes`, in its own transaction: a refused or rolled-back write announces nothing.
final class PostgresChangeNoticeTests: PostgresStorageTestCase {
    private var lists: PostgresListStore { storage.lists }

    func testSetFavoriteAnnouncesTheChangeWithItsNumber() async throws {
        let (ash, _, list) = try await storage.users.createUser(displayName: "Ash")
        let created = try await announced()
        XCTAssertEqual(created, [], "a new user is no other process's concern")

        let first = try XCTUnwrap(lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id))
        XCTAssertNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id))
        let second = try XCTUnwrap(lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: ash.id))
        let heard = try await announced()

        XCTAssertEqual(first, FavoriteChange(listID: list.id, seq: 1, pokemonID: 25, isFavorite: true, userID: ash.id))
        XCTAssertEqual(second.seq, 2)
        XCTAssertEqual(heard, [ours(.favorite(first)), ours(.favorite(second))], "the unchanged set announced nothing")
    }

    func testMembershipChangesAnnounceWhoJoinedAndWhoLeft() async throws {
        let (ash, _, list) = try await storage.users.createUser(displayName: "Ash")
        let misty = try await storage.users.createUser(displayName: "Misty").user
        let brock = try await storage.users.createUser(displayName: "Brock").user
        let code = try lists.createInvite(list: list.id, role: .editor, by: ash.id)
        _ = try lists.acceptInvite(code: code, user: misty.id)
        _ = try lists.acceptInvite(code: code, user: brock.id)
        _ = try lists.acceptInvite(code: code, user: misty.id)  // already a member: no change
        let joined = try await announced()
        XCTAssertEqual(joined, [
            ours(.invitesChanged(listID: list.id)),
            ours(.memberJoined(listID: list.id, userID: misty.id)), ours(.memberJoined(listID: list.id, userID: brock.id)),
        ])

        try lists.removeMember(list: list.id, user: misty.id, by: ash.id)
        try lists.leave(list: list.id, user: brock.id)
        let left = try await announced()
        XCTAssertEqual(left, [
            ours(.memberLeft(listID: list.id, userID: misty.id, removed: true)),
            ours(.memberLeft(listID: list.id, userID: brock.id, removed: false)),
        ])
    }

    func testInviteChangesAndRenamesAreAnnounced() async throws {
        let (ash, _, list) = try await storage.users.createUser(displayName: "Ash")
        let first = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        let second = try lists.createInvite(list: list.id, role: .editor, by: ash.id)
        try lists.revokeInvite(code: first, by: ash.id)
        try lists.revokeInvite(id: RandomToken.storedHash(of: second), list: list.id, by: ash.id)
        _ = try storage.users.rename(userID: ash.id, to: "Red")

        let heard = try await announced()

        XCTAssertEqual(heard, Array(repeating: ours(.invitesChanged(listID: list.id)), count: 4) + [ours(.userRenamed(userID: ash.id))])
    }

    func testSignOutsAreAnnouncedWithTheRevokedTokenOrForEveryToken() async throws {
        let (ash, token, _) = try await storage.users.createUser(displayName: "Ash")
        let code = try storage.users.createSignInCode(userID: ash.id, at: Date())
        _ = try storage.users.redeemSignInCode(code.code, at: Date())
        let issued = try await announced()
        XCTAssertEqual(issued, [], "codes and new tokens end no session")

        try storage.users.revokeToken(hash: RandomToken.storedHash(of: token), userID: ash.id)
        try storage.users.revokeAllTokens(userID: ash.id)
        let heard = try await announced()

        XCTAssertEqual(heard, [
            ours(.signedOut(userID: ash.id, tokenHash: RandomToken.storedHash(of: token))),
            ours(.signedOut(userID: ash.id, tokenHash: nil)),
        ])
        XCTAssertEqual(ChangeNotice.parse(ChangeNotice.payload(.signedOut(userID: ash.id, tokenHash: nil), origin: "o"))?.event,
                       .signedOut(userID: ash.id, tokenHash: nil))
    }

    func testRefusedWritesAnnounceNothing() async throws {
        let (ash, _, list) = try await storage.users.createUser(displayName: "Ash")
        let viewer = try await storage.users.createUser(displayName: "Brock").user
        let stranger = try await storage.users.createUser(displayName: "Jessie").user
        let code = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        _ = try lists.acceptInvite(code: code, user: viewer.id)
        try lists.revokeInvite(code: code, by: ash.id)
        _ = try await announced()

        XCTAssertThrows(.forbidden, try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: viewer.id))
        XCTAssertThrows(.notMember, try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: stranger.id))
        XCTAssertThrows(.invalidPokemonID, try lists.setFavorite(list: list.id, pokemonID: 0, isFavorite: true, by: ash.id))
        XCTAssertThrows(.forbidden, try lists.removeMember(list: list.id, user: ash.id, by: viewer.id))
        XCTAssertThrows(.cannotRemoveOwner, try lists.removeMember(list: list.id, user: ash.id, by: ash.id))
        XCTAssertThrows(.memberNotFound, try lists.removeMember(list: list.id, user: stranger.id, by: ash.id))
        XCTAssertThrows(.ownerCannotLeave, try lists.leave(list: list.id, user: ash.id))
        XCTAssertThrows(.notMember, try lists.leave(list: list.id, user: stranger.id))
        XCTAssertThrows(.forbidden, try lists.createInvite(list: list.id, role: .viewer, by: viewer.id))
        XCTAssertThrows(.revokedInvite, try lists.acceptInvite(code: code, user: stranger.id))
        XCTAssertThrows(.unknownInvite, try lists.revokeInvite(id: "forged", list: list.id, by: ash.id))
        XCTAssertThrows(.invalidName, try storage.users.rename(userID: ash.id, to: ""))
        XCTAssertThrows(.unknownUser, try storage.users.rename(userID: "nobody", to: "Red"))
        let heard = try await announced()

        XCTAssertEqual(heard, [])
    }

    /// A write that fails at COMMIT (here a deferred check that refuses Pokémon 13) had
    /// already queued its notice: PostgreSQL drops it with the transaction.
    func testAWriteWhoseCommitFailsAnnouncesNothingAndTakesNoNumber() async throws {
        let (ash, _, list) = try await storage.users.createUser(displayName: "Ash")
        _ = try database.query("""
            CREATE FUNCTION refuse_13() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.pokemon_id = 13 THEN RAISE EXCEPTION 'unlucky'; END IF; RETURN NULL; END $$
            """)
        _ = try database.query("""
            CREATE CONSTRAINT TRIGGER refuse_13 AFTER INSERT ON favorites DEFERRABLE INITIALLY DEFERRED
            FOR EACH ROW EXECUTE FUNCTION refuse_13()
            """)

        XCTAssertThrowsError(try lists.setFavorite(list: list.id, pokemonID: 13, isFavorite: true, by: ash.id)) { error in
            XCTAssertTrue((error as? PostgresError)?.message.contains("unlucky") == true, "\(error)")
        }
        let afterRollback = try await announced()
        XCTAssertEqual(afterRollback, [])
        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: ash.id), FavoritesSnapshot(ids: [], seq: 0))

        let next = try XCTUnwrap(lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id))
        let afterCommit = try await announced()
        XCTAssertEqual(next.seq, 1, "the rolled-back write's number was never taken")
        XCTAssertEqual(afterCommit, [ours(.favorite(next))])
    }

    /// `listen` hands over the other processes' writes and skips this one's (applied when it
    /// committed).
    func testListenDeliversOtherProcessesWritesButNotItsOwn() async throws {
        let other = try PostgresStorage(url: database.url, origin: "other-process", poolSize: 2)
        let (ash, _, list) = try await storage.users.createUser(displayName: "Ash")
        let events = EventLog()
        let theirs = XCTestExpectation(description: "the other process's write heard")
        let listener = try storage.listen(reconnected: {}) { event in
            if events.append(event) == 1 { theirs.fulfill() }
        }
        defer { listener.stop() }

        let own = try XCTUnwrap(storage.lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id))
        let foreign = try XCTUnwrap(other.lists.setFavorite(list: list.id, pokemonID: 2, isFavorite: true, by: ash.id))
        await fulfillment(of: [theirs], timeout: 10)

        // Own committed first, so had it been delivered it would have come first.
        XCTAssertEqual(own.seq, 1)
        XCTAssertEqual(events.all, [.favorite(foreign)])
    }
}
