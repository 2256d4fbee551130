import Foundation
import PokedexModels
import Storage
import XCTest

/// Sharing a list by invite code: create, accept, revoke (by code and by id).
extension StoreConformanceTests {
    func testInviteAdmitsWithItsRoleAndIsStoredOnlyAsAHash() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeUser("Misty").user

        let code = try lists.createInvite(list: list.id, role: .editor, by: ash.id)
        let joined = try lists.acceptInvite(code: code, user: misty.id)

        XCTAssertTrue(isLowercaseHex(code, length: 64), code)
        XCTAssertEqual(joined, ListSummary(list: list, role: .editor), "the list, with the role it gave")
        XCTAssertEqual(try lists.role(of: misty.id, in: list.id), .editor)
        let invites = try lists.invites(ofList: list.id, by: ash.id)
        XCTAssertEqual(invites.map(\.id), [RandomToken.storedHash(of: code)])
        XCTAssertEqual(invites.map(\.listID), [list.id])
        XCTAssertEqual(invites.map(\.role), [.editor])
        XCTAssertEqual(invites.map(\.createdBy), [ash.id])
        XCTAssertEqual(invites.map(\.isRevoked), [false])
        XCTAssertEqual(try storedValues("code_hash", of: "invites"), [RandomToken.storedHash(of: code)])
    }

    func testOneCodeAdmitsSeveralUsers() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let code = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)

        for name in ["Misty", "Brock"] {
            let user = try await makeUser(name).user
            XCTAssertEqual(try lists.acceptInvite(code: code, user: user.id), ListSummary(list: list, role: .viewer))
            XCTAssertEqual(try lists.role(of: user.id, in: list.id), .viewer)
        }
        XCTAssertEqual(try lists.members(ofList: list.id, as: ash.id).map(\.role), [.owner, .viewer, .viewer])
    }

    func testAcceptingAgainKeepsTheExistingRole() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let brock = try await makeMember(of: list, role: .viewer, name: "Brock")
        let viewerCode = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        let editorCode = try lists.createInvite(list: list.id, role: .editor, by: ash.id)

        // Each is told the role they keep, not the invite's.
        XCTAssertEqual(try lists.acceptInvite(code: viewerCode, user: misty.id), ListSummary(list: list, role: .editor))
        XCTAssertEqual(try lists.acceptInvite(code: editorCode, user: brock.id), ListSummary(list: list, role: .viewer))
        XCTAssertEqual(try lists.acceptInvite(code: viewerCode, user: ash.id), ListSummary(list: list, role: .owner))

        // An invite never demotes, nor promotes past what the owner chose for the member.
        XCTAssertEqual(try lists.role(of: misty.id, in: list.id), .editor)
        XCTAssertEqual(try lists.role(of: brock.id, in: list.id), .viewer)
        XCTAssertEqual(try lists.role(of: ash.id, in: list.id), .owner)
        XCTAssertEqual(try lists.memberCount(ofList: list.id), 3)
    }

    func testUnknownCodeAndUnknownUserAreRefused() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let code = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        let misty = try await makeUser("Misty").user

        XCTAssertThrows(.unknownInvite, try lists.acceptInvite(code: RandomToken.secret(), user: misty.id))
        XCTAssertThrows(.unknownInvite, try lists.acceptInvite(code: "", user: misty.id))
        // The stored hash (what `invites` shows as the id) is not a code.
        XCTAssertThrows(.unknownInvite, try lists.acceptInvite(code: RandomToken.storedHash(of: code), user: misty.id))
        XCTAssertThrows(.unknownUser, try lists.acceptInvite(code: code, user: "nobody"))
        XCTAssertEqual(try count("memberships"), 2, "only the two personal lists' owners")
    }

    func testRevokedInviteIsRefusedButItsMembersStay() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let code = try lists.createInvite(list: list.id, role: .editor, by: ash.id)
        let misty = try await makeUser("Misty").user
        _ = try lists.acceptInvite(code: code, user: misty.id)
        let brock = try await makeUser("Brock").user

        try lists.revokeInvite(code: code, by: ash.id)
        let revokedAt = try XCTUnwrap(lists.invites(ofList: list.id, by: ash.id).first?.revokedAt)
        try lists.revokeInvite(code: code, by: ash.id)

        XCTAssertThrows(.revokedInvite, try lists.acceptInvite(code: code, user: brock.id))
        XCTAssertNil(try lists.role(of: brock.id, in: list.id))
        XCTAssertEqual(try lists.role(of: misty.id, in: list.id), .editor)
        XCTAssertEqual(try lists.invites(ofList: list.id, by: ash.id).map(\.revokedAt), [revokedAt], "revoking twice keeps the first time")
    }

    func testOnlyOwnersCreateRevokeAndListInvites() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let editor = try await makeMember(of: list, role: .editor, name: "Misty")
        let viewer = try await makeMember(of: list, role: .viewer, name: "Brock")
        let stranger = try await makeUser("Jessie").user
        let code = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        let invitesBefore = try count("invites")

        XCTAssertThrows(.forbidden, try lists.createInvite(list: list.id, role: .viewer, by: editor.id))
        XCTAssertThrows(.forbidden, try lists.createInvite(list: list.id, role: .editor, by: viewer.id))
        XCTAssertThrows(.notMember, try lists.createInvite(list: list.id, role: .viewer, by: stranger.id))
        XCTAssertThrows(.invalidInviteRole, try lists.createInvite(list: list.id, role: .owner, by: ash.id))
        XCTAssertThrows(.forbidden, try lists.revokeInvite(code: code, by: editor.id))
        XCTAssertThrows(.notMember, try lists.revokeInvite(code: code, by: stranger.id))
        XCTAssertThrows(.unknownInvite, try lists.revokeInvite(code: RandomToken.secret(), by: ash.id))
        XCTAssertThrows(.forbidden, try lists.invites(ofList: list.id, by: editor.id))
        XCTAssertThrows(.forbidden, try lists.invites(ofList: list.id, by: viewer.id))
        XCTAssertThrows(.notMember, try lists.invites(ofList: list.id, by: stranger.id))

        XCTAssertEqual(try count("invites"), invitesBefore)
        // The two makeMember invites and `code`, none revoked by the refused calls.
        XCTAssertEqual(try lists.invites(ofList: list.id, by: ash.id).map(\.isRevoked), [false, false, false])
    }

    func testInvitesAreListedNewestFirstWithRevokedOnesIncluded() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let first = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        let second = try lists.createInvite(list: list.id, role: .editor, by: ash.id)
        let third = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        try lists.revokeInvite(code: second, by: ash.id)

        let invites = try lists.invites(ofList: list.id, by: ash.id)

        XCTAssertEqual(invites.map(\.id), [third, second, first].map(RandomToken.storedHash(of:)))
        XCTAssertEqual(invites.map(\.isRevoked), [false, true, false])
        XCTAssertEqual(invites.map(\.role), [.viewer, .editor, .viewer])
    }

    func testRevokingByIDStopsTheCodeAndIsOwnersOnly() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        let (gary, _, garyList) = try await makeUser("Gary")
        let brock = try await makeUser("Brock").user
        let code = try lists.createInvite(list: list.id, role: .editor, by: ash.id)
        let garyCode = try lists.createInvite(list: garyList.id, role: .viewer, by: gary.id)
        let inviteID = RandomToken.storedHash(of: code)

        XCTAssertThrows(.forbidden, try lists.revokeInvite(id: inviteID, list: list.id, by: misty.id))
        XCTAssertThrows(.notMember, try lists.revokeInvite(id: inviteID, list: list.id, by: brock.id))
        // An invite of another list cannot be revoked through a list one owns.
        XCTAssertThrows(.unknownInvite, try lists.revokeInvite(id: RandomToken.storedHash(of: garyCode), list: list.id, by: ash.id))
        XCTAssertThrows(.unknownInvite, try lists.revokeInvite(id: "forged", list: list.id, by: ash.id))
        XCTAssertEqual(try lists.acceptInvite(code: garyCode, user: brock.id), ListSummary(list: garyList, role: .viewer))

        try lists.revokeInvite(id: inviteID, list: list.id, by: ash.id)

        XCTAssertThrows(.revokedInvite, try lists.acceptInvite(code: code, user: brock.id))
        XCTAssertThrows(.unknownInvite, try lists.revokeInvite(id: inviteID, list: list.id, by: ash.id), "already revoked")
        XCTAssertEqual(try lists.invites(ofList: list.id, by: ash.id).filter(\.isRevoked).map(\.id), [inviteID])
    }
}
