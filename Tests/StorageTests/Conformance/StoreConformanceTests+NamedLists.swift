import Foundation
import PokedexModels
import Storage
import XCTest

/// Named lists, roles, invite terms, and the activity events each writes.
extension StoreConformanceTests {
    /// The `kind` of every event in the log, oldest first.
    func eventKinds() throws -> [String] {
        try storedValues("kind", of: "list_events ORDER BY id")
    }

    func testCreatedListsAreOwnedNamedAndListedAfterThePersonalOne() async throws {
        let (ash, _, personal) = try await makeUser("Ash")

        let gym = try lists.createList(named: "  Gym team ", by: ash.id)

        XCTAssertEqual(gym, FavoritesList(id: gym.id, name: "Gym team", ownerID: ash.id))
        XCTAssertEqual(try lists.lists(forUser: ash.id).map(\.list), [personal, gym])
        XCTAssertEqual(try lists.lists(forUser: ash.id).map(\.role), [.owner, .owner])
        XCTAssertEqual(try lists.ownedListCount(forUser: ash.id), 2)
        XCTAssertEqual(try lists.members(ofList: gym.id, as: ash.id).map(\.user), [ash])
        XCTAssertEqual(personal.name, "Favorites", "no list name embeds a user's name")
        XCTAssertThrows(.invalidListName, try lists.createList(named: "   ", by: ash.id))
        XCTAssertThrows(.invalidListName, try lists.createList(named: String(repeating: "x", count: 61), by: ash.id))
        XCTAssertThrows(.invalidListName, try lists.createList(named: "tab\there", by: ash.id))
        XCTAssertThrows(.unknownUser, try lists.createList(named: "Ghosts", by: "nobody"))
        XCTAssertEqual(try lists.listCount(forUser: ash.id), 2)
    }

    func testOnlyOwnersRenameAListAndTheRenameIsLogged() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let stranger = try await makeUser("Jessie").user

        XCTAssertThrows(.forbidden, try lists.renameList(list.id, to: "Mine now", by: misty.id))
        XCTAssertThrows(.notMember, try lists.renameList(list.id, to: "Mine now", by: stranger.id))
        XCTAssertThrows(.invalidListName, try lists.renameList(list.id, to: "", by: ash.id))
        let renamed = try lists.renameList(list.id, to: "Cerulean", by: ash.id)

        XCTAssertEqual(renamed, FavoritesList(id: list.id, name: "Cerulean", ownerID: ash.id))
        XCTAssertEqual(try lists.list(id: list.id)?.name, "Cerulean")
        XCTAssertEqual(try lists.lists(forUser: misty.id).map(\.list.name), ["Favorites", "Cerulean"])
        XCTAssertEqual(try eventKinds().suffix(1), ["listRenamed"])
        XCTAssertEqual(try storedValues("name", of: "list_events WHERE kind = 'listRenamed'"), ["Cerulean"])
    }

    func testDeletingAListTakesEverythingInItAndKeepsTheLastOwnedOne() async throws {
        let (ash, _, personal) = try await makeUser("Ash")
        let gym = try lists.createList(named: "Gym team", by: ash.id)
        let misty = try await makeMember(of: gym, role: .editor, name: "Misty")
        try lists.setFavorite(list: gym.id, pokemonID: 25, isFavorite: true, by: misty.id)
        let favoritesBefore = try count("favorites")

        XCTAssertThrows(.forbidden, try lists.deleteList(gym.id, by: misty.id))
        XCTAssertEqual(try lists.ownedListCount(forUser: ash.id), 2)
        try lists.deleteList(gym.id, by: ash.id)

        XCTAssertNil(try lists.list(id: gym.id))
        XCTAssertEqual(try lists.lists(forUser: misty.id).map(\.list.name), ["Favorites"])
        XCTAssertEqual(try count("favorites"), favoritesBefore - 1)
        XCTAssertEqual(try storedValues("list_id", of: "invites").filter { $0 == gym.id }, [])
        XCTAssertEqual(try storedValues("list_id", of: "list_events").filter { $0 == gym.id }, [])
        // Now the personal list is Ash's only own list: it stays.
        XCTAssertThrows(.lastOwnedList, try lists.deleteList(personal.id, by: ash.id))
        XCTAssertEqual(try lists.lists(forUser: ash.id).map(\.list), [personal])
    }

    func testOwnersSetRolesBetweenEditorAndViewer() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let brock = try await makeMember(of: list, role: .viewer, name: "Brock")
        let stranger = try await makeUser("Jessie").user

        XCTAssertThrows(.forbidden, try lists.setRole(list: list.id, member: brock.id, role: .editor, by: misty.id))
        XCTAssertThrows(.notMember, try lists.setRole(list: list.id, member: brock.id, role: .editor, by: stranger.id))
        XCTAssertThrows(.memberNotFound, try lists.setRole(list: list.id, member: stranger.id, role: .editor, by: ash.id))
        XCTAssertThrows(.ownerRoleFixed, try lists.setRole(list: list.id, member: ash.id, role: .viewer, by: ash.id))
        XCTAssertThrows(.invalidRole, try lists.setRole(list: list.id, member: misty.id, role: .owner, by: ash.id))
        let eventsBefore = try eventKinds()

        XCTAssertTrue(try lists.setRole(list: list.id, member: misty.id, role: .viewer, by: ash.id))
        XCTAssertFalse(try lists.setRole(list: list.id, member: misty.id, role: .viewer, by: ash.id), "already a viewer")
        XCTAssertTrue(try lists.setRole(list: list.id, member: brock.id, role: .editor, by: ash.id))

        XCTAssertEqual(try lists.role(of: misty.id, in: list.id), .viewer)
        XCTAssertEqual(try lists.role(of: brock.id, in: list.id), .editor)
        XCTAssertThrows(.forbidden, try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: misty.id))
        XCTAssertNotNil(try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: brock.id))
        XCTAssertEqual(Array(try eventKinds().dropFirst(eventsBefore.count).prefix(2)), ["roleChanged", "roleChanged"])
        XCTAssertEqual(try storedValues("role", of: "list_events WHERE kind = 'roleChanged' ORDER BY id"), ["viewer", "editor"])
        XCTAssertEqual(try storedValues("subject_id", of: "list_events WHERE kind = 'roleChanged' ORDER BY id"), [misty.id, brock.id])
    }

    func testTransferringOwnershipMakesTheOldOwnerAnEditor() async throws {
        let (ash, _, _) = try await makeUser("Ash")
        let gym = try lists.createList(named: "Gym team", by: ash.id)
        let misty = try await makeMember(of: gym, role: .viewer, name: "Misty")
        let brock = try await makeMember(of: gym, role: .editor, name: "Brock")

        XCTAssertThrows(.forbidden, try lists.transferOwnership(list: gym.id, to: misty.id, by: brock.id))
        XCTAssertThrows(.memberNotFound, try lists.transferOwnership(list: gym.id, to: "nobody", by: ash.id))
        XCTAssertThrows(.ownerRoleFixed, try lists.transferOwnership(list: gym.id, to: ash.id, by: ash.id))
        try lists.transferOwnership(list: gym.id, to: misty.id, by: ash.id)

        XCTAssertEqual(try lists.list(id: gym.id)?.ownerID, misty.id)
        XCTAssertEqual(try lists.role(of: misty.id, in: gym.id), .owner)
        XCTAssertEqual(try lists.role(of: ash.id, in: gym.id), .editor)
        XCTAssertEqual(try lists.members(ofList: gym.id, as: ash.id).first?.user, misty)
        XCTAssertThrows(.forbidden, try lists.renameList(gym.id, to: "Ash's", by: ash.id))
        XCTAssertEqual(try storedValues("role", of: "list_events WHERE kind = 'roleChanged' ORDER BY id"), ["owner", "editor"])
        XCTAssertEqual(try storedValues("subject_id", of: "list_events WHERE kind = 'roleChanged' ORDER BY id"), [misty.id, ash.id])
        // Misty's only own list was her personal one; now she owns two and may hand one back.
        XCTAssertEqual(try lists.ownedListCount(forUser: misty.id), 2)
        XCTAssertEqual(try lists.lists(forUser: misty.id).map(\.role), [.owner, .owner])
    }

    func testTheLastOwnedListIsNeverHandedAway() async throws {
        let (ash, _, personal) = try await makeUser("Ash")
        let misty = try await makeMember(of: personal, role: .editor, name: "Misty")

        XCTAssertThrows(.lastOwnedList, try lists.transferOwnership(list: personal.id, to: misty.id, by: ash.id))

        XCTAssertEqual(try lists.role(of: ash.id, in: personal.id), .owner)
        XCTAssertEqual(try lists.role(of: misty.id, in: personal.id), .editor)
    }

    func testAnInviteAdmitsAtMostMaxUsesPeople() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let code = try lists.createInvite(list: list.id, role: .viewer, by: ash.id, terms: InviteTerms(lifetime: 3_600, maxUses: 2))
        let (misty, brock, gary) = (try await makeUser("Misty").user, try await makeUser("Brock").user, try await makeUser("Gary").user)
        XCTAssertEqual(try lists.openInviteCount(ofList: list.id), 1)

        _ = try lists.acceptInvite(code: code, user: misty.id)
        _ = try lists.acceptInvite(code: code, user: misty.id)  // a member again: no use counted
        _ = try lists.acceptInvite(code: code, user: brock.id)
        XCTAssertThrows(.inviteUsedUp, try lists.acceptInvite(code: code, user: gary.id))

        XCTAssertNil(try lists.role(of: gary.id, in: list.id))
        let invite = try XCTUnwrap(lists.invites(ofList: list.id, by: ash.id).first)
        XCTAssertEqual(invite.uses, 2)
        XCTAssertEqual(invite.maxUses, 2)
        XCTAssertTrue(invite.isUsedUp)
        XCTAssertEqual(try XCTUnwrap(invite.expiresAt).timeIntervalSince(invite.createdAt), 3_600, accuracy: 0.01)
        XCTAssertEqual(try lists.openInviteCount(ofList: list.id), 0, "a used-up invite is not open")
        XCTAssertEqual(try eventKinds().filter { $0 == "joined" }.count, 2)
        XCTAssertEqual(try lists.acceptInvite(code: code, user: brock.id).list, list, "a member already in passes")
    }

    func testAnExpiredInviteIsRefusedWithItsOwnError() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let expired = try lists.createInvite(list: list.id, role: .editor, by: ash.id, terms: InviteTerms(lifetime: -1))
        let misty = try await makeUser("Misty").user

        XCTAssertThrows(.inviteExpired, try lists.acceptInvite(code: expired, user: misty.id))

        XCTAssertNil(try lists.role(of: misty.id, in: list.id))
        XCTAssertEqual(try lists.invites(ofList: list.id, by: ash.id).map(\.uses), [0])
        XCTAssertEqual(try lists.openInviteCount(ofList: list.id), 0)
        XCTAssertEqual(FavoritesError.inviteExpired.code, "invite_expired")
        XCTAssertEqual(FavoritesError.inviteUsedUp.code, "invite_used_up")
        XCTAssertNotEqual(FavoritesError.inviteExpired.message(in: .es), FavoritesError.inviteExpired.message(in: .en))
    }

    func testMembershipAndInviteChangesAreLoggedWithTheirActors() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let code = try lists.createInvite(list: list.id, role: .editor, by: ash.id)
        let misty = try await makeUser("Misty").user
        let brock = try await makeUser("Brock").user
        _ = try lists.acceptInvite(code: code, user: misty.id)
        _ = try lists.acceptInvite(code: code, user: brock.id)
        try lists.revokeInvite(code: code, by: ash.id)
        try lists.revokeInvite(code: code, by: ash.id)  // nothing changes: nothing logged
        try lists.removeMember(list: list.id, user: misty.id, by: ash.id)
        try lists.leave(list: list.id, user: brock.id)

        XCTAssertEqual(try eventKinds(), ["inviteCreated", "joined", "joined", "inviteRevoked", "removed", "left"])
        XCTAssertEqual(try storedValues("actor_id", of: "list_events ORDER BY id"), [ash.id, misty.id, brock.id, ash.id, ash.id, brock.id])
        XCTAssertEqual(try storedValues("subject_id", of: "list_events WHERE kind = 'removed'"), [misty.id])
        XCTAssertEqual(try storedValues("role", of: "list_events WHERE kind IN ('inviteCreated', 'joined') ORDER BY id"), ["editor", "editor", "editor"])
        XCTAssertEqual(Set(try storedValues("list_id", of: "list_events")), [list.id])
    }
}
