import Foundation
import PokedexModels
import Storage
import XCTest
@testable import PostgresStorage

/// Named lists and roles announce what they changed in their own transactions, so every
/// process's sessions learn of them from the feed; a refused one announces nothing.
final class PostgresNamedListNoticeTests: PostgresStorageTestCase {
    private var lists: PostgresListStore { storage.lists }

    func testListChangesAndRoleChangesAreAnnounced() async throws {
        let (ash, _, _) = try await storage.users.createUser(displayName: "Ash")
        let misty = try await storage.users.createUser(displayName: "Misty").user
        let gym = try lists.createList(named: "Gym team", by: ash.id)
        _ = try lists.acceptInvite(code: try lists.createInvite(list: gym.id, role: .editor, by: ash.id), user: misty.id)
        _ = try await announced()

        _ = try lists.renameList(gym.id, to: "Cerulean", by: ash.id)
        try lists.setRole(list: gym.id, member: misty.id, role: .viewer, by: ash.id)
        try lists.setRole(list: gym.id, member: misty.id, role: .viewer, by: ash.id)  // unchanged: nothing announced
        try lists.transferOwnership(list: gym.id, to: misty.id, by: ash.id)
        try lists.deleteList(gym.id, by: misty.id)
        let heard = try await announced()

        XCTAssertEqual(heard, [
            ours(.listRenamed(listID: gym.id)), ours(.roleChanged(listID: gym.id, userID: misty.id)),
            ours(.roleChanged(listID: gym.id, userID: misty.id)), ours(.roleChanged(listID: gym.id, userID: ash.id)),
            ours(.listDeleted(listID: gym.id)),
        ])
    }

    func testANewListIsAnnouncedAsItsOwnerJoiningAndRefusalsAnnounceNothing() async throws {
        let (ash, _, personal) = try await storage.users.createUser(displayName: "Ash")
        let gym = try lists.createList(named: "Gym team", by: ash.id)
        let created = try await announced()
        XCTAssertEqual(created, [ours(.memberJoined(listID: gym.id, userID: ash.id))])
        let misty = try await storage.users.createUser(displayName: "Misty").user
        let expired = try lists.createInvite(list: gym.id, role: .editor, by: ash.id, terms: InviteTerms(lifetime: -1))
        _ = try await announced()

        XCTAssertThrows(.inviteExpired, try lists.acceptInvite(code: expired, user: misty.id))
        XCTAssertThrows(.notMember, try lists.renameList(gym.id, to: "Mine", by: misty.id))
        XCTAssertThrows(.notMember, try lists.deleteList(gym.id, by: misty.id))
        try lists.deleteList(gym.id, by: ash.id)
        _ = try await announced()
        XCTAssertThrows(.lastOwnedList, try lists.deleteList(personal.id, by: ash.id))
        let heard = try await announced()

        XCTAssertEqual(heard, [])
    }

    func testNamedListEventsSurviveTheNoticeFormat() {
        let events: [StorageEvent] = [.listRenamed(listID: "a1"), .listDeleted(listID: "b2"), .roleChanged(listID: "c3", userID: "d4")]
        for event in events {
            let parsed = ChangeNotice.parse(ChangeNotice.payload(event, origin: "p1"))
            XCTAssertEqual(parsed?.origin, "p1")
            XCTAssertEqual(parsed?.event, event)
        }
    }
}
