import PokedexModels
import XCTest
@testable import Storage

final class InviteTests: XCTestCase {
    func testInviteAdmitsWithItsRoleAndIsStoredOnlyAsAHash() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let misty = try await storage.makeUser("Misty").user

        let code = try storage.favorites.createInvite(list: list.id, role: .editor, by: ash.id)
        let joined = try storage.favorites.acceptInvite(code: code, user: misty.id)

        XCTAssertTrue(isLowercaseHex(code, length: 64), code)
        XCTAssertEqual(joined, list)
        XCTAssertEqual(try storage.favorites.role(of: misty.id, in: list.id), .editor)
        let invites = try storage.favorites.invites(ofList: list.id, by: ash.id)
        XCTAssertEqual(invites.map(\.id), [SHA256.hash(code).hexString])
        XCTAssertEqual(invites.map(\.role), [.editor])
        XCTAssertEqual(invites.map(\.createdBy), [ash.id])
        XCTAssertEqual(try storage.database.query("SELECT count(*) FROM invites WHERE code_hash = ?", [.text(code)])[0].int(0), 0)
    }

    func testOneCodeAdmitsSeveralUsers() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let code = try storage.favorites.createInvite(list: list.id, role: .viewer, by: ash.id)

        for name in ["Misty", "Brock"] {
            let user = try await storage.makeUser(name).user
            _ = try storage.favorites.acceptInvite(code: code, user: user.id)
            XCTAssertEqual(try storage.favorites.role(of: user.id, in: list.id), .viewer)
        }
    }

    func testAcceptingAgainKeepsTheExistingRole() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let misty = try await storage.makeMember(of: list, role: .editor, name: "Misty")
        let viewerCode = try storage.favorites.createInvite(list: list.id, role: .viewer, by: ash.id)

        _ = try storage.favorites.acceptInvite(code: viewerCode, user: misty.id)
        _ = try storage.favorites.acceptInvite(code: viewerCode, user: ash.id)

        XCTAssertEqual(try storage.favorites.role(of: misty.id, in: list.id), .editor)
        XCTAssertEqual(try storage.favorites.role(of: ash.id, in: list.id), .owner)
    }

    func testUnknownCodeAndUnknownUserAreRefused() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let code = try storage.favorites.createInvite(list: list.id, role: .viewer, by: ash.id)
        let misty = try await storage.makeUser("Misty").user

        XCTAssertThrows(.unknownInvite, try storage.favorites.acceptInvite(code: RandomToken.secret(), user: misty.id))
        XCTAssertThrows(.unknownInvite, try storage.favorites.acceptInvite(code: SHA256.hash(code).hexString, user: misty.id))
        XCTAssertThrows(.unknownUser, try storage.favorites.acceptInvite(code: code, user: "nobody"))
        XCTAssertEqual(try storage.count("memberships"), 2, "only the two personal lists' owners")
    }

    func testRevokedInviteIsRefusedButItsMembersStay() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let code = try storage.favorites.createInvite(list: list.id, role: .editor, by: ash.id)
        let misty = try await storage.makeUser("Misty").user
        _ = try storage.favorites.acceptInvite(code: code, user: misty.id)
        let brock = try await storage.makeUser("Brock").user

        try storage.favorites.revokeInvite(code: code, by: ash.id)
        let revokedAt = try XCTUnwrap(storage.favorites.invites(ofList: list.id, by: ash.id).first?.revokedAt)
        try storage.favorites.revokeInvite(code: code, by: ash.id)

        XCTAssertThrows(.revokedInvite, try storage.favorites.acceptInvite(code: code, user: brock.id))
        XCTAssertNil(try storage.favorites.role(of: brock.id, in: list.id))
        XCTAssertEqual(try storage.favorites.role(of: misty.id, in: list.id), .editor)
        XCTAssertEqual(try storage.favorites.invites(ofList: list.id, by: ash.id).map(\.revokedAt), [revokedAt])
    }

    func testOnlyOwnersCreateRevokeAndListInvites() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let editor = try await storage.makeMember(of: list, role: .editor, name: "Misty")
        let stranger = try await storage.makeUser("Jessie").user
        let code = try storage.favorites.createInvite(list: list.id, role: .viewer, by: ash.id)
        let invitesBefore = try storage.count("invites")

        XCTAssertThrows(.forbidden, try storage.favorites.createInvite(list: list.id, role: .viewer, by: editor.id))
        XCTAssertThrows(.notMember, try storage.favorites.createInvite(list: list.id, role: .viewer, by: stranger.id))
        XCTAssertThrows(.invalidInviteRole, try storage.favorites.createInvite(list: list.id, role: .owner, by: ash.id))
        XCTAssertThrows(.forbidden, try storage.favorites.revokeInvite(code: code, by: editor.id))
        XCTAssertThrows(.notMember, try storage.favorites.revokeInvite(code: code, by: stranger.id))
        XCTAssertThrows(.unknownInvite, try storage.favorites.revokeInvite(code: RandomToken.secret(), by: ash.id))
        XCTAssertThrows(.forbidden, try storage.favorites.invites(ofList: list.id, by: editor.id))

        XCTAssertEqual(try storage.count("invites"), invitesBefore)
        XCTAssertEqual(try storage.favorites.invites(ofList: list.id, by: ash.id).map(\.isRevoked), [false, false])
    }
}

extension InviteTests {
    func testRevokingByIDStopsTheCodeAndIsOwnersOnly() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let misty = try await storage.makeUser("Misty").user
        let code = try storage.favorites.createInvite(list: list.id, role: .editor, by: ash.id)
        let invite = try XCTUnwrap(storage.favorites.invites(ofList: list.id, by: ash.id).first)
        XCTAssertThrowsError(try storage.favorites.revokeInvite(id: invite.id, list: list.id, by: misty.id))
        try storage.favorites.revokeInvite(id: invite.id, list: list.id, by: ash.id)
        XCTAssertThrowsError(try storage.favorites.acceptInvite(code: code, user: misty.id)) { error in
            XCTAssertEqual(error as? FavoritesError, .revokedInvite)
        }
        XCTAssertThrowsError(try storage.favorites.revokeInvite(id: "forged", list: list.id, by: ash.id)) { error in
            XCTAssertEqual(error as? FavoritesError, .unknownInvite)
        }
    }
}
