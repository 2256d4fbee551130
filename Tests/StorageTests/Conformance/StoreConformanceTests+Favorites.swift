import Foundation
import PokedexModels
import Storage
import XCTest

/// Setting favorites, and the sequence numbers a list's changes take.
extension StoreConformanceTests {
    func testSetFavoriteIsAnIdempotentSetNotAToggle() async throws {
        let (ash, _, list) = try await makeUser("Ash")

        XCTAssertNotNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id))
        XCTAssertNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id))
        XCTAssertNotNil(try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id))
        XCTAssertEqual(try lists.favorites(inList: list.id, as: ash.id), [1, 25])

        XCTAssertNotNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: ash.id))
        XCTAssertNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: ash.id))
        XCTAssertNil(try lists.setFavorite(list: list.id, pokemonID: 151, isFavorite: false, by: ash.id), "never was one")
        XCTAssertEqual(try lists.favorites(inList: list.id, as: ash.id), [1])
    }

    func testEachChangeTakesTheListsNextNumberAndSnapshotsSayWhichTheyShow() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let misty = try await makeMember(of: list, role: .editor, name: "Misty")
        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: ash.id), FavoritesSnapshot(ids: [], seq: 0))

        let first = try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id)
        XCTAssertEqual(first, FavoriteChange(listID: list.id, seq: 1, pokemonID: 25, isFavorite: true, userID: ash.id))
        // A write that changes nothing takes no number.
        XCTAssertNil(try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: misty.id))
        let second = try lists.setFavorite(list: list.id, pokemonID: 4, isFavorite: true, by: misty.id)
        XCTAssertEqual(second, FavoriteChange(listID: list.id, seq: 2, pokemonID: 4, isFavorite: true, userID: misty.id))
        let third = try lists.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: misty.id)
        XCTAssertEqual(third, FavoriteChange(listID: list.id, seq: 3, pokemonID: 25, isFavorite: false, userID: misty.id))

        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: misty.id), FavoritesSnapshot(ids: [4], seq: 3))
    }

    func testSequenceNumbersAreCountedPerList() async throws {
        let (ash, _, ashList) = try await makeUser("Ash")
        let (gary, _, garyList) = try await makeUser("Gary")

        XCTAssertEqual(try lists.setFavorite(list: ashList.id, pokemonID: 1, isFavorite: true, by: ash.id)?.seq, 1)
        XCTAssertEqual(try lists.setFavorite(list: ashList.id, pokemonID: 2, isFavorite: true, by: ash.id)?.seq, 2)
        XCTAssertEqual(try lists.setFavorite(list: garyList.id, pokemonID: 1, isFavorite: true, by: gary.id)?.seq, 1)

        XCTAssertEqual(try lists.snapshot(ofList: ashList.id, as: ash.id), FavoritesSnapshot(ids: [1, 2], seq: 2))
        XCTAssertEqual(try lists.snapshot(ofList: garyList.id, as: gary.id), FavoritesSnapshot(ids: [1], seq: 1))
    }

    func testRefusedWritesChangeNothingAndTakeNoNumber() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let viewer = try await makeMember(of: list, role: .viewer, name: "Brock")
        let stranger = try await makeUser("Jessie").user

        XCTAssertThrows(.forbidden, try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: viewer.id))
        XCTAssertThrows(.notMember, try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: stranger.id))
        XCTAssertThrows(.invalidPokemonID, try lists.setFavorite(list: list.id, pokemonID: 0, isFavorite: true, by: ash.id))

        XCTAssertEqual(try lists.snapshot(ofList: list.id, as: ash.id), FavoritesSnapshot(ids: [], seq: 0))
        XCTAssertEqual(try lists.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id)?.seq, 1)
    }

    func testInvalidPokemonIDIsRefused() async throws {
        let (ash, _, list) = try await makeUser("Ash")

        for pokemonID in [0, -3, Int.min] {
            XCTAssertThrows(.invalidPokemonID, try lists.setFavorite(list: list.id, pokemonID: pokemonID, isFavorite: true, by: ash.id))
            XCTAssertThrows(.invalidPokemonID, try lists.setFavorite(list: list.id, pokemonID: pokemonID, isFavorite: false, by: ash.id))
        }
        XCTAssertEqual(try count("favorites"), 0)
    }

    func testLargePokemonIDsAreKeptExactly() async throws {
        let (ash, _, list) = try await makeUser("Ash")
        let large = [Int(Int32.max), Int(Int32.max) + 1, Int.max]

        for pokemonID in large {
            XCTAssertEqual(try lists.setFavorite(list: list.id, pokemonID: pokemonID, isFavorite: true, by: ash.id)?.pokemonID, pokemonID)
        }

        XCTAssertEqual(try lists.favorites(inList: list.id, as: ash.id), Set(large))
    }
}
