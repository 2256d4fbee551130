import Foundation
import PokedexModels
import Storage
import XCTest

/// Lists, memberships and what each role may do.
extension StoreConformanceTests {
    func testListsShowPersonalListFirstThenSharedOnesInJoiningOrder() async throws {
        let (_, _, ashList) = try await makeUser("Ash")
        let (_, _, garyList) = try await makeUser("Gary")
        let misty = try await makeMember(of: garyList, role: .editor, name: "Misty")
        _ = try lists.acceptInvite(code: try lists.createInvite(list: ashList.id, role: .viewer, by: ashList.ownerID), user: misty.id)

        let mine = try lists.lists(forUser: misty.id)

        // Gary's list was joined first, though Ash's is older.
        XCTAssertEqual(mine.map(\.list.name), ["Favorites", "Favorites", "Favorites"])
        XCTAssertEqual(mine.map(\.role), [.owner, .editor, .viewer])
        XCTAssertEqual(mine.dropFirst().map(\.list), [garyList, ashList])
        XCTAssertEqual(try lists.lists(forUser: "nobody").count, 0)
    }

    func testListByIDIsAnyListAndNilForAnUnknownID() async throws {
        let (_, _, list) = try await makeUser("Ash")

        XCTAssertEqual(try lists.list(id: list.id), list)
        XCTAssertNil(try lists.list(id: RandomToken.identifier(createdAt: Date())))
        XCTAssertNil(try lists.list(id: ""))
    }

    func testMembersListsOwnerFirstThenByJoiningTimeUpToTheLimit() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let brock = try await makeMember(of: list, role: .viewer, name: "Brock")

        let members = try lists.members(ofList: list.id, as: brock.id)

        XCTAssertEqual(members, [
            ListMember(user: ash, role: .owner), ListMember(user: misty, role: .editor), ListMember(user: brock, role: .viewer),
        ])
        XCTAssertEqual(try lists.members(ofList: list.id, as: ash.id, limit: 2).map(\.user), [ash, misty])
        XCTAssertEqual(try lists.members(ofList: list.id, as: ash.id, limit: 1).map(\.user), [ash])
        XCTAssertEqual(try lists.members(ofList: list.id, as: ash.id, limit: 0), [])
        XCTAssertEqual(try lists.memberCount(ofList: list.id, as: misty.id), 3)
        XCTAssertEqual(try lists.role(of: misty.id, in: list.id), .editor)
        XCTAssertEqual(try lists.role(of: ash.id, in: list.id), .owner)
    }

    func testEditorWritesAndViewerIsRefused() async throws {
        let (_, _, list) = try await makeUser("Ash")
        let editor = try await makeMember(of: list, role: .editor, name: "Misty")
        let viewer = try await makeMember(of: list, role: .viewer, name: "Brock")

        XCTAssertNotNil(try lists.setFavorite(list: list.id, pokemonID: 7, isFavorite: true, by: editor.id))
        XCTAssertThrows(.forbidden, try lists.setFavorite(list: list.id, pokemonID: 4, isFavorite: true, by: viewer.id))
        XCTAssertThrows(.forbidden, try lists.setFavorite(list: list.id, pokemonID: 7, isFavorite: false, by: viewer.id))

        XCTAssertEqual(try lists.favorites(inList: list.id, as: viewer.id), [7])
        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: viewer.id), FavoritesSnapshot(ids: [7], seq: 1))
    }

    func testNonMemberCanNeitherReadNorWrite() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let stranger = try await makeUser("Team Rocket").user
        _ = try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id)

        XCTAssertThrows(.notMember, try lists.favorites(inList: list.id, as: stranger.id))
        XCTAssertThrows(.notMember, try lists.snapshot(ofList: list.id, as: stranger.id))
        XCTAssertThrows(.notMember, try lists.members(ofList: list.id, as: stranger.id))
        XCTAssertThrows(.notMember, try lists.memberCount(ofList: list.id, as: stranger.id))
        XCTAssertThrows(.notMember, try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: stranger.id))
        XCTAssertThrows(.notMember, try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: stranger.id))
        XCTAssertNil(try lists.role(of: stranger.id, in: list.id))

        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: ash.id), FavoritesSnapshot(ids: [25], seq: 1))
    }

    func testForgedListIDLooksLikeNotBeingAMember() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let invite = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        let inviteID = try XCTUnwrap(lists.invites(ofList: list.id, by: ash.id).first?.id)

        for forged in [RandomToken.identifier(createdAt: Date()), "", "' OR 1=1 --"] {
            XCTAssertThrows(.notMember, try lists.favorites(inList: forged, as: ash.id))
            XCTAssertThrows(.notMember, try lists.snapshot(ofList: forged, as: ash.id))
            XCTAssertThrows(.notMember, try lists.members(ofList: forged, as: ash.id))
            XCTAssertThrows(.notMember, try lists.memberCount(ofList: forged, as: ash.id))
            XCTAssertThrows(.notMember, try lists.setFavorite(list: forged, pokemonID: 1, isFavorite: true, by: ash.id))
            XCTAssertThrows(.notMember, try lists.createInvite(list: forged, role: .viewer, by: ash.id))
            XCTAssertThrows(.notMember, try lists.invites(ofList: forged, by: ash.id))
            XCTAssertThrows(.notMember, try lists.revokeInvite(id: inviteID, list: forged, by: ash.id))
            XCTAssertThrows(.notMember, try lists.removeMember(list: forged, user: misty.id, by: ash.id))
            XCTAssertThrows(.notMember, try lists.leave(list: forged, user: ash.id))
            XCTAssertNil(try lists.role(of: ash.id, in: forged))
        }
        XCTAssertEqual(try count("favorites"), 0)
        XCTAssertEqual(try count("invites"), 2, "Misty's and `invite`")
        XCTAssertEqual(try lists.listID(forInviteCode: invite), list.id)
        XCTAssertEqual(try lists.invites(ofList: list.id, by: ash.id).map(\.isRevoked), [false, false])
        XCTAssertEqual(try lists.members(ofList: list.id, as: ash.id).map(\.user.id), [ash.id, misty.id])
    }

    func testOnlyOwnersRemoveMembersAndOwnersCannotBeRemoved() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let brock = try await makeMember(of: list, role: .viewer, name: "Brock")
        let stranger = try await makeUser("Jessie").user

        XCTAssertThrows(.forbidden, try lists.removeMember(list: list.id, user: brock.id, by: misty.id))
        XCTAssertThrows(.forbidden, try lists.removeMember(list: list.id, user: misty.id, by: brock.id))
        XCTAssertThrows(.notMember, try lists.removeMember(list: list.id, user: brock.id, by: stranger.id))
        XCTAssertThrows(.cannotRemoveOwner, try lists.removeMember(list: list.id, user: ash.id, by: ash.id))
        XCTAssertThrows(.memberNotFound, try lists.removeMember(list: list.id, user: stranger.id, by: ash.id))
        XCTAssertEqual(try lists.members(ofList: list.id, as: ash.id).count, 3)

        try lists.removeMember(list: list.id, user: brock.id, by: ash.id)

        XCTAssertThrows(.notMember, try lists.favorites(inList: list.id, as: brock.id))
        XCTAssertThrows(.memberNotFound, try lists.removeMember(list: list.id, user: brock.id, by: ash.id))
        XCTAssertEqual(try lists.members(ofList: list.id, as: ash.id).map(\.user), [ash, misty])
        XCTAssertEqual(try lists.lists(forUser: brock.id).map(\.list.name), ["Favorites"])
    }

    func testMembersLeaveButOwnersCannot() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let brock = try await makeMember(of: list, role: .viewer, name: "Brock")

        XCTAssertThrows(.ownerCannotLeave, try lists.leave(list: list.id, user: ash.id))
        try lists.leave(list: list.id, user: misty.id)
        try lists.leave(list: list.id, user: brock.id)
        XCTAssertThrows(.notMember, try lists.leave(list: list.id, user: misty.id))
        XCTAssertThrows(.notMember, try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: misty.id))

        XCTAssertEqual(try lists.lists(forUser: misty.id).map(\.list.name), ["Favorites"])
        XCTAssertEqual(try lists.role(of: ash.id, in: list.id), .owner)
        XCTAssertEqual(try lists.members(ofList: list.id, as: ash.id).map(\.user), [ash])
    }

    func testAMemberWhoLeftRejoinsWithTheNewInvitesRole() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        try lists.leave(list: list.id, user: misty.id)

        _ = try lists.acceptInvite(code: try lists.createInvite(list: list.id, role: .viewer, by: ash.id), user: misty.id)

        XCTAssertEqual(try lists.role(of: misty.id, in: list.id), .viewer)
    }
}
