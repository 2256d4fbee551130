import Foundation
import PokedexModels
import Storage
import Synchronization
import XCTest

/// Many writers on one list at once, on threads of their own, through two handles on the
/// database (as two processes would be).
extension StoreConformanceTests {
    /// One writer's sets and unsets. Each Pokémon belongs to exactly one writer, so the last
    /// write per Pokémon is fixed by the plan whatever the interleaving.
    private struct WriterPlan: Sendable {
        var userID: String
        var lists: any ListStore
        var writes: [(pokemonID: Int, isFavorite: Bool)]
    }

    func testConcurrentWritersEachTakeTheirOwnContiguousNumber() async throws {
        let second = try openStores()
        let (owner, _, list) = try await makeUser("Ash")
        let editor = try await makeMember(of: list, role: .editor, name: "Misty")

        let writerCount = 8
        let plans = (0..<writerCount).map { writer in
            let pokemonIDs = Array(stride(from: writer + 1, through: 151, by: writerCount))
            // Round r touches each of the writer's Pokémon whose write count exceeds r, so
            // writes to different Pokémon interleave; the parity pattern varies per Pokémon.
            let writes = (0..<5).flatMap { round in
                pokemonIDs.filter { $0 % 5 >= round }.map { (pokemonID: $0, isFavorite: ($0 + round) % 2 == 0) }
            }
            return WriterPlan(
                userID: writer.isMultiple(of: 2) ? owner.id : editor.id,
                lists: writer < writerCount / 2 ? lists : second.lists,
                writes: writes
            )
        }

        let changes = try runOnThreads(plans) { plan in
            try plan.writes.compactMap { write in
                try plan.lists.setFavorite(list: list.id, pokemonID: write.pokemonID, isFavorite: write.isFavorite, by: plan.userID)
            }
        }

        // Every change took its own number and none was skipped: the feed can find gaps.
        XCTAssertEqual(changes.map(\.seq).sorted(), Array(1...max(1, changes.count)).prefix(changes.count).map { $0 })
        var expected: [Int: Bool] = [:]
        var expectedChanges = 0
        for write in plans.flatMap(\.writes) {
            if expected[write.pokemonID, default: false] != write.isFavorite { expectedChanges += 1 }
            expected[write.pokemonID] = write.isFavorite
        }
        XCTAssertEqual(changes.count, expectedChanges, "every write reports whether it changed the list")
        // Replaying the changes in number order gives the list as stored.
        var replayed = Set<Int>()
        for change in changes.sorted(by: { $0.seq < $1.seq }) {
            if change.isFavorite { replayed.insert(change.pokemonID) } else { replayed.remove(change.pokemonID) }
        }
        let expectedFavorites = Set(expected.filter(\.value).keys)
        XCTAssertFalse(expectedFavorites.isEmpty)
        XCTAssertEqual(replayed, expectedFavorites)
        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: owner.id), FavoritesSnapshot(ids: expectedFavorites, seq: changes.count))
        XCTAssertEqual(try second.lists.favorites(inList: list.id, as: editor.id), expectedFavorites)
    }

    func testConcurrentIdenticalWritesMakeOneChange() async throws {
        let second = try openStores()
        let (owner, _, list) = try await makeUser("Ash")
        let editor = try await makeMember(of: list, role: .editor, name: "Misty")
        let writers = (0..<8).map { ($0.isMultiple(of: 2) ? lists : second.lists, $0 < 4 ? owner.id : editor.id) }

        for (isFavorite, seq) in [(true, 1), (false, 2)] {
            let changes = try runOnThreads(writers) { lists, userID in
                try [lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: isFavorite, by: userID)].compactMap { $0 }
            }
            XCTAssertEqual(changes.map(\.seq), [seq], "one of the identical writes changed the list, the others saw it done")
        }
        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: owner.id), FavoritesSnapshot(ids: [], seq: 2))
    }

    /// The owner removing a member while the member leaves (several times over, at once, and
    /// the owner trying to remove themselves meanwhile): one removal or leave happens, the
    /// others are told the member is gone, and the owner stays, as if they ran in turn.
    func testConcurrentRemovalsOfOneMemberSucceedOnce() async throws {
        let second = try openStores()
        let (owner, _, list) = try await makeUser("Ash")

        for round in 0..<3 {
            let member = try await makeMember(of: list, role: .editor, name: "Misty \(round)")
            enum Attempt { case remove, leave, removeOwner }
            let attempts = [Attempt.remove, .leave, .removeOwner].flatMap { [($0, lists), ($0, second.lists)] } + [(.remove, lists), (.leave, lists)]
            let outcomes = try runOnThreads(attempts) { attempt, lists -> [(Attempt, FavoritesError?)] in
                do {
                    switch attempt {
                    case .remove: try lists.removeMember(list: list.id, user: member.id, by: owner.id)
                    case .leave: try lists.leave(list: list.id, user: member.id)
                    case .removeOwner: try lists.removeMember(list: list.id, user: owner.id, by: owner.id)
                    }
                    return [(attempt, nil)]
                } catch let error as FavoritesError {
                    return [(attempt, error)]
                }
            }
            let description = "round \(round): \(outcomes)"
            XCTAssertEqual(outcomes.filter { $0.1 == nil }.count, 1, description)
            for (attempt, error) in outcomes where error != nil {
                switch attempt {
                case .removeOwner: XCTAssertEqual(error, .cannotRemoveOwner, description)
                case .remove: XCTAssertEqual(error, .memberNotFound, description)
                case .leave: XCTAssertEqual(error, .notMember, description)
                }
            }
            XCTAssertNil(try lists.role(of: member.id, in: list.id))
        }
        XCTAssertEqual(try lists.members(ofList: list.id, as: owner.id), [ListMember(user: owner, role: .owner)])
    }

    /// Runs `body` once per input, each on a thread of its own, all at once; returns every
    /// result, or throws the first error any of them threw.
    private func runOnThreads<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ body: @escaping @Sendable (Input) throws -> [Output]
    ) throws -> [Output] {
        let results = Mutex<[Result<[Output], any Error>]>([])
        let done = DispatchGroup()
        // Released together, so the writers really overlap rather than run one after another.
        let start = DispatchSemaphore(value: 0)
        for input in inputs {
            done.enter()
            Thread {
                start.wait()
                let result = Result { try body(input) }
                results.withLock { $0.append(result) }
                done.leave()
            }.start()
        }
        for _ in inputs { start.signal() }
        done.wait()
        return try results.withLock { $0 }.flatMap { try $0.get() }
    }
}
