import Foundation
import PokedexModels
import Postgres
import Storage
import XCTest
@testable import PostgresStorage

/// Joins and new users written a batch at a time by one statement: every item of a batch means
/// what it would alone, as if the batch's items ran one after another in their order.
final class PostgresJoinBatchTests: PostgresStorageTestCase {
    private var lists: PostgresListStore { storage.lists }

    /// The batcher cluster mode writes joins with, on a pool of its own.
    private func joinBatcher() throws -> WriteBatcher<JoinStatement.Join, ListSummary> {
        WriteBatcher(pool: try PostgresPool(url: database.url, size: 1), maxBatches: 1, write: JoinStatement.write(origin: origin, now: { Date() }))
    }

    private func user(_ name: String) async throws -> User {
        try await storage.users.createUser(displayName: name).user
    }

    func testOneBatchOfJoinsMeansWhatEachJoinWouldAlone() async throws {
        let ash = try await storage.users.createUser(displayName: "Ash")
        let gym = try lists.createList(named: "Gym team", by: ash.user.id)
        let twoUses = try lists.createInvite(list: gym.id, role: .editor, by: ash.user.id, terms: InviteTerms(maxUses: 2))
        let revoked = try lists.createInvite(list: gym.id, role: .viewer, by: ash.user.id, terms: .unlimited)
        try lists.revokeInvite(code: revoked, by: ash.user.id)
        let expired = try lists.createInvite(list: gym.id, role: .viewer, by: ash.user.id, terms: InviteTerms(lifetime: -1))
        let (misty, brock, gary, tracey) = (try await user("Misty"), try await user("Brock"), try await user("Gary"), try await user("Tracey"))
        _ = try await announced()

        let joins: [JoinStatement.Join] = [
            .init(code: twoUses, userID: misty.id),
            .init(code: twoUses, userID: misty.id),  // the second time: a member, no use counted
            .init(code: twoUses, userID: ash.user.id),  // the owner: keeps the role, no use counted
            .init(code: twoUses, userID: brock.id),  // the last use
            .init(code: twoUses, userID: gary.id),  // used up by those before
            .init(code: twoUses, userID: gary.id),  // and still, the second time
            .init(code: twoUses, userID: "no-such-user"),
            .init(code: "no-such-code", userID: tracey.id),
            .init(code: revoked, userID: tracey.id),
            .init(code: expired, userID: tracey.id),
        ]
        let outcomes = try joinBatcher().commit(joins)

        XCTAssertEqual(try outcomes[0].get(), ListSummary(list: gym, role: .editor))
        XCTAssertEqual(try outcomes[1].get(), ListSummary(list: gym, role: .editor))
        XCTAssertEqual(try outcomes[2].get(), ListSummary(list: gym, role: .owner))
        XCTAssertEqual(try outcomes[3].get(), ListSummary(list: gym, role: .editor))
        let refusals = outcomes[4...].map { outcome -> FavoritesError? in
            if case let .failure(error) = outcome { return error as? FavoritesError } else { return nil }
        }
        XCTAssertEqual(refusals, [.inviteUsedUp, .inviteUsedUp, .unknownUser, .unknownInvite, .revokedInvite, .inviteExpired])

        XCTAssertEqual(try lists.role(of: misty.id, in: gym.id), .editor)
        XCTAssertEqual(try lists.role(of: brock.id, in: gym.id), .editor)
        XCTAssertNil(try lists.role(of: gary.id, in: gym.id))
        XCTAssertNil(try lists.role(of: tracey.id, in: gym.id))
        let invite = try XCTUnwrap(lists.invites(ofList: gym.id, by: ash.user.id).first { $0.maxUses == 2 })
        XCTAssertEqual(invite.uses, 2)
        let heard = try await announced()
        XCTAssertEqual(heard, [ours(.memberJoined(listID: gym.id, userID: misty.id)), ours(.memberJoined(listID: gym.id, userID: brock.id))])
    }

    /// Two batches racing for an invite's last uses (two processes joining at once): the uses
    /// are claimed once each, whichever batch commits first.
    func testTwoBatchesRacingForTheLastUsesClaimEachOnce() async throws {
        let ash = try await storage.users.createUser(displayName: "Ash")
        let code = try lists.createInvite(list: ash.personalList.id, role: .viewer, by: ash.user.id, terms: InviteTerms(maxUses: 3))
        var people: [User] = []
        for index in 1...6 { people.append(try await user("Trainer \(index)")) }
        let (first, second) = (try joinBatcher(), try joinBatcher())
        let group = DispatchGroup()
        let outcomes = OutcomeBox()
        for (batcher, half) in [(first, people.prefix(3)), (second, people.suffix(3))] {
            DispatchQueue.global().async(group: group) {
                outcomes.add(batcher.commit(half.map { JoinStatement.Join(code: code, userID: $0.id) }))
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success, "both batches committed")

        let joined = outcomes.all.filter { (try? $0.get()) != nil }.count
        XCTAssertEqual(joined, 3)
        XCTAssertEqual(try people.filter { try lists.role(of: $0.id, in: ash.personalList.id) != nil }.count, 3)
        XCTAssertEqual(try lists.invites(ofList: ash.personalList.id, by: ash.user.id).first?.uses, 3)
    }

    /// New users created at once share batches: each has their token, personal list and name.
    func testNewUsersCreatedAtOnceAreEachComplete() async throws {
        let users = storage.users
        let created = try await withThrowingTaskGroup(of: (user: User, token: String, personalList: FavoritesList).self) { group in
            for index in 1...40 { group.addTask { try await users.createUser(displayName: "Trainer \"\(index)\" \\ ñ") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(Set(created.map(\.user.id)).count, 40)
        for new in created {
            XCTAssertEqual(try storage.users.user(forToken: new.token), new.user)
            XCTAssertEqual(try lists.lists(forUser: new.user.id).map(\.list), [new.personalList])
            XCTAssertEqual(try lists.role(of: new.user.id, in: new.personalList.id), .owner)
        }
    }
}

private final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Result<ListSummary, any Error>] = []

    func add(_ more: [Result<ListSummary, any Error>]) { lock.withLock { outcomes += more } }
    var all: [Result<ListSummary, any Error>] { lock.withLock { outcomes } }
}
