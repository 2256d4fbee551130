import PokedexModels
import XCTest
@testable import Storage

/// Many tasks write one list at once, through two connections on the same file.
final class FavoritesConcurrencyTests: XCTestCase {
    /// One writer's sequence of sets and unsets. Each Pokémon belongs to exactly one writer,
    /// so the last write per Pokémon is fixed by the plan whatever the interleaving.
    private struct WriterPlan: Sendable {
        var userID: String
        var repository: FavoritesRepository
        var writes: [(pokemonID: Int, isFavorite: Bool)]
    }

    func testConcurrentWritersEndWithTheLastWritePerPokemon() async throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("busy.sqlite").path
        let first = try StorageFixture(path: path)
        let second = try StorageFixture(path: path)
        let (owner, _, list) = try await first.makeUser("Ash")
        let editor = try await first.makeMember(of: list, role: .editor, name: "Misty")

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
                repository: writer < writerCount / 2 ? first.favorites : second.favorites,
                writes: writes
            )
        }

        let numbersTaken = try await withThrowingTaskGroup(of: [Int].self) { group in
            for plan in plans {
                group.addTask {
                    var numbers: [Int] = []
                    for write in plan.writes {
                        let changed = try plan.repository.setFavorite(
                            list: list.id, pokemonID: write.pokemonID, isFavorite: write.isFavorite, by: plan.userID
                        )
                        if let changed { numbers.append(changed.seq) }
                    }
                    return numbers
                }
            }
            return try await group.reduce([], +)
        }
        let changesReported = numbersTaken.count
        // Every change took its own number and none was skipped: the feed can find gaps.
        XCTAssertEqual(numbersTaken.sorted(), Array(1...max(1, changesReported)).prefix(changesReported).map { $0 })

        var expected: [Int: Bool] = [:]
        var expectedChanges = 0
        for write in plans.flatMap(\.writes) {
            if expected[write.pokemonID, default: false] != write.isFavorite { expectedChanges += 1 }
            expected[write.pokemonID] = write.isFavorite
        }
        let expectedFavorites = Set(expected.filter(\.value).keys)
        XCTAssertFalse(expectedFavorites.isEmpty)
        XCTAssertEqual(try first.favorites.favorites(inList: list.id, as: owner.id), expectedFavorites)
        XCTAssertEqual(try second.favorites.favorites(inList: list.id, as: editor.id), expectedFavorites)
        XCTAssertEqual(changesReported, expectedChanges, "every write reports whether it changed the list")
    }
}
