import PokedexModels
import XCTest
@testable import Storage

/// What only a SQLite file shows: favorites outlive closing the file, and a killed process's
/// file and WAL hold every acknowledged write. (The repositories' behaviour is tested on
/// every backend by `StoreConformanceTests`.)
final class FavoritesDurabilityTests: XCTestCase {
    func testFavoritesSurviveReopeningTheFile() async throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("favorites.sqlite").path
        let (ash, token, list): (User, String, FavoritesList)
        do {
            let storage = try StorageFixture(path: path)
            (ash, token, list) = try await storage.makeUser("Ash")
            for id in [1, 4, 7, 25] {
                try storage.favorites.setFavorite(list: list.id, pokemonID: id, isFavorite: true, by: ash.id)
            }
            try storage.favorites.setFavorite(list: list.id, pokemonID: 4, isFavorite: false, by: ash.id)
        }

        let reopened = try StorageFixture(path: path)

        XCTAssertEqual(try reopened.users.user(forToken: token), ash)
        XCTAssertEqual(try reopened.favorites.favorites(inList: list.id, as: ash.id), [1, 7, 25])
    }

    /// What a killed process leaves on disk is the database file plus its WAL, with no
    /// checkpoint and no close. Copying both while the writer is still open reproduces that.
    func testAcknowledgedFavoritesAreInTheFilesAKilledProcessLeavesBehind() async throws {
        let directory = try makeTemporaryDirectory(for: self)
        let live = directory.appendingPathComponent("live.sqlite").path
        let crashed = directory.appendingPathComponent("crashed.sqlite").path
        let storage = try StorageFixture(path: live)
        let (ash, _, list) = try await storage.makeUser("Ash")
        try storage.favorites.setFavorite(list: list.id, pokemonID: 150, isFavorite: true, by: ash.id)

        XCTAssertTrue(FileManager.default.fileExists(atPath: live + "-wal"), "the write must still be in the WAL")
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: live + suffix, toPath: crashed + suffix)
        }
        let recovered = try StorageFixture(path: crashed)

        XCTAssertEqual(try recovered.favorites.favorites(inList: list.id, as: ash.id), [150])
        withExtendedLifetime(storage) {}
    }
}
