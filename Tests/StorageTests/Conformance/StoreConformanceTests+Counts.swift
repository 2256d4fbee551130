import Foundation
import PokedexModels
import Storage
import XCTest

/// The counts the server's quotas ask before a write (no authorisation).
extension StoreConformanceTests {
    func testListAndMemberCountsFollowJoiningAndLeaving() async throws {
        let (ash, _, ashList) = try await makeUser("Ash")
        let (_, _, garyList) = try await makeUser("Gary")
        XCTAssertEqual(try lists.listCount(forUser: ash.id), 1, "the personal list")
        XCTAssertEqual(try lists.memberCount(ofList: ashList.id), 1)

        let misty = try await makeMember(of: ashList, role: .editor, name: "Misty")
        _ = try lists.acceptInvite(code: try lists.createInvite(list: garyList.id, role: .viewer, by: garyList.ownerID), user: misty.id)
        XCTAssertEqual(try lists.listCount(forUser: misty.id), 3)
        XCTAssertEqual(try lists.memberCount(ofList: ashList.id), 2)
        XCTAssertEqual(try lists.memberCount(ofList: garyList.id), 2)

        try lists.leave(list: garyList.id, user: misty.id)
        try lists.removeMember(list: ashList.id, user: misty.id, by: ash.id)
        XCTAssertEqual(try lists.listCount(forUser: misty.id), 1)
        XCTAssertEqual(try lists.memberCount(ofList: ashList.id), 1)
        XCTAssertEqual(try lists.memberCount(ofList: garyList.id), 1)

        XCTAssertEqual(try lists.listCount(forUser: "nobody"), 0)
        XCTAssertEqual(try lists.memberCount(ofList: RandomToken.identifier(createdAt: Date())), 0)
    }

    func testOpenInviteCountLeavesOutRevokedInvites() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let (gary, _, garyList) = try await makeUser("Gary")
        XCTAssertEqual(try lists.openInviteCount(ofList: list.id), 0)

        let first = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)
        _ = try lists.createInvite(list: list.id, role: .editor, by: ash.id)
        _ = try lists.createInvite(list: garyList.id, role: .editor, by: gary.id)
        XCTAssertEqual(try lists.openInviteCount(ofList: list.id), 2)

        try lists.revokeInvite(code: first, by: ash.id)
        XCTAssertEqual(try lists.openInviteCount(ofList: list.id), 1)
        XCTAssertEqual(try lists.openInviteCount(ofList: garyList.id), 1)
    }

    func testInviteCodeNamesItsListEvenOnceRevoked() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let code = try lists.createInvite(list: list.id, role: .viewer, by: ash.id)

        XCTAssertEqual(try lists.listID(forInviteCode: code), list.id)
        try lists.revokeInvite(code: code, by: ash.id)
        XCTAssertEqual(try lists.listID(forInviteCode: code), list.id)
        XCTAssertNil(try lists.listID(forInviteCode: RandomToken.secret()))
        XCTAssertNil(try lists.listID(forInviteCode: RandomToken.storedHash(of: code)))
    }
}
