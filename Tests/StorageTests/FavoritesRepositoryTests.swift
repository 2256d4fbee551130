import PokedexModels
import XCTest
@testable import Storage

final class FavoritesRepositoryTests: XCTestCase {
    func testSetFavoriteIsAnIdempotentSetNotAToggle() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")

        XCTAssertNotNil(try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id))
        XCTAssertNil(try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id))
        XCTAssertNotNil(try storage.favorites.setFavorite(list: list.id, pokemonID: 1, isFavorite: true, by: ash.id))
        XCTAssertEqual(try storage.favorites.favorites(inList: list.id, as: ash.id), [1, 25])

        XCTAssertNotNil(try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: ash.id))
        XCTAssertNil(try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: ash.id))
        XCTAssertEqual(try storage.favorites.favorites(inList: list.id, as: ash.id), [1])
    }

    func testEachChangeTakesTheListsNextNumberAndSnapshotsSayWhichTheyShow() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        XCTAssertEqual(try storage.favorites.snapshot(ofList: list.id, as: ash.id), FavoritesSnapshot(ids: [], seq: 0))
        let first = try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id)
        XCTAssertEqual(first, FavoriteChange(listID: list.id, seq: 1, pokemonID: 25, isFavorite: true, userID: ash.id))
        // A write that changes nothing takes no number.
        XCTAssertNil(try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id))
        let second = try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: ash.id)
        XCTAssertEqual(second?.seq, 2)
        XCTAssertEqual(try storage.favorites.snapshot(ofList: list.id, as: ash.id), FavoritesSnapshot(ids: [], seq: 2))
    }

    func testEditorWritesAndViewerIsRefused() async throws {
        let storage = try StorageFixture()
        let (_, _, list) = try await storage.makeUser("Ash")
        let editor = try await storage.makeMember(of: list, role: .editor, name: "Misty")
        let viewer = try await storage.makeMember(of: list, role: .viewer, name: "Brock")

        XCTAssertNotNil(try storage.favorites.setFavorite(list: list.id, pokemonID: 7, isFavorite: true, by: editor.id))
        XCTAssertThrows(.forbidden, try storage.favorites.setFavorite(list: list.id, pokemonID: 4, isFavorite: true, by: viewer.id))
        XCTAssertThrows(.forbidden, try storage.favorites.setFavorite(list: list.id, pokemonID: 7, isFavorite: false, by: viewer.id))

        XCTAssertEqual(try storage.favorites.favorites(inList: list.id, as: viewer.id), [7])
    }

    func testNonMemberCanNeitherReadNorWrite() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let stranger = try await storage.makeUser("Team Rocket").user
        try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: true, by: ash.id)

        XCTAssertThrows(.notMember, try storage.favorites.favorites(inList: list.id, as: stranger.id))
        XCTAssertThrows(.notMember, try storage.favorites.members(ofList: list.id, as: stranger.id))
        XCTAssertThrows(.notMember, try storage.favorites.setFavorite(list: list.id, pokemonID: 25, isFavorite: false, by: stranger.id))
        XCTAssertNil(try storage.favorites.role(of: stranger.id, in: list.id))

        XCTAssertEqual(try storage.favorites.favorites(inList: list.id, as: ash.id), [25])
    }

    func testForgedListIdLooksLikeNotBeingAMember() async throws {
        let storage = try StorageFixture()
        let ash = try await storage.makeUser("Ash").user
        let forged = RandomToken.identifier(createdAt: Date())

        XCTAssertThrows(.notMember, try storage.favorites.favorites(inList: forged, as: ash.id))
        XCTAssertThrows(.notMember, try storage.favorites.setFavorite(list: forged, pokemonID: 1, isFavorite: true, by: ash.id))
        XCTAssertThrows(.notMember, try storage.favorites.createInvite(list: forged, role: .viewer, by: ash.id))
        XCTAssertThrows(.notMember, try storage.favorites.leave(list: forged, user: ash.id))
        XCTAssertEqual(try storage.count("favorites"), 0)
    }

    func testInvalidPokemonIdIsRefused() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")

        XCTAssertThrows(.invalidPokemonID, try storage.favorites.setFavorite(list: list.id, pokemonID: 0, isFavorite: true, by: ash.id))
        XCTAssertThrows(.invalidPokemonID, try storage.favorites.setFavorite(list: list.id, pokemonID: -3, isFavorite: true, by: ash.id))
    }

    func testListsShowPersonalListFirstThenSharedOnesWithRoles() async throws {
        let storage = try StorageFixture()
        let (_, _, ashList) = try await storage.makeUser("Ash")
        let (_, _, garyList) = try await storage.makeUser("Gary")
        let misty = try await storage.makeMember(of: ashList, role: .viewer, name: "Misty")
        _ = try storage.favorites.acceptInvite(
            code: try storage.favorites.createInvite(list: garyList.id, role: .editor, by: garyList.ownerID),
            user: misty.id
        )

        let lists = try storage.favorites.lists(forUser: misty.id)

        XCTAssertEqual(lists.map(\.list.name), ["Misty's favorites", "Ash's favorites", "Gary's favorites"])
        XCTAssertEqual(lists.map(\.role), [.owner, .viewer, .editor])
    }

    func testMembersListsOwnerFirstWithRoles() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let misty = try await storage.makeMember(of: list, role: .editor, name: "Misty")

        let members = try storage.favorites.members(ofList: list.id, as: misty.id)

        XCTAssertEqual(members, [ListMember(user: ash, role: .owner), ListMember(user: misty, role: .editor)])
        XCTAssertEqual(try storage.favorites.role(of: misty.id, in: list.id), .editor)
    }

    func testOnlyOwnersRemoveMembersAndOwnersCannotBeRemoved() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let misty = try await storage.makeMember(of: list, role: .editor, name: "Misty")
        let brock = try await storage.makeMember(of: list, role: .viewer, name: "Brock")
        let stranger = try await storage.makeUser("Jessie").user

        XCTAssertThrows(.forbidden, try storage.favorites.removeMember(list: list.id, user: brock.id, by: misty.id))
        XCTAssertThrows(.notMember, try storage.favorites.removeMember(list: list.id, user: brock.id, by: stranger.id))
        XCTAssertThrows(.cannotRemoveOwner, try storage.favorites.removeMember(list: list.id, user: ash.id, by: ash.id))
        XCTAssertThrows(.memberNotFound, try storage.favorites.removeMember(list: list.id, user: stranger.id, by: ash.id))
        XCTAssertEqual(try storage.favorites.members(ofList: list.id, as: ash.id).count, 3)

        try storage.favorites.removeMember(list: list.id, user: brock.id, by: ash.id)

        XCTAssertThrows(.notMember, try storage.favorites.favorites(inList: list.id, as: brock.id))
        XCTAssertEqual(try storage.favorites.members(ofList: list.id, as: ash.id).map(\.user), [ash, misty])
    }

    func testMembersLeaveButOwnersCannot() async throws {
        let storage = try StorageFixture()
        let (ash, _, list) = try await storage.makeUser("Ash")
        let misty = try await storage.makeMember(of: list, role: .editor, name: "Misty")

        XCTAssertThrows(.ownerCannotLeave, try storage.favorites.leave(list: list.id, user: ash.id))
        try storage.favorites.leave(list: list.id, user: misty.id)
        XCTAssertThrows(.notMember, try storage.favorites.leave(list: list.id, user: misty.id))

        XCTAssertEqual(try storage.favorites.lists(forUser: misty.id).map(\.list.name), ["Misty's favorites"])
        XCTAssertEqual(try storage.favorites.role(of: ash.id, in: list.id), .owner)
    }

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
