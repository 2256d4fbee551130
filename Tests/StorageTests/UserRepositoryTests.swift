import PokedexModels
import XCTest
@testable import Storage

final class UserRepositoryTests: XCTestCase {
    func testCreatedUserIsFoundByTokenAndOwnsAPersonalList() async throws {
        let storage = try StorageFixture()

        let (user, token, _) = try await storage.users.createUser(displayName: "  Ash  ")

        XCTAssertEqual(user.displayName, "Ash")
        XCTAssertTrue(isLowercaseHex(user.id, length: 32), user.id)
        XCTAssertTrue(isLowercaseHex(token, length: 64), token)
        XCTAssertEqual(try storage.users.user(forToken: token), user)
        XCTAssertEqual(try storage.users.user(id: user.id), user)
        let lists = try storage.favorites.lists(forUser: user.id)
        XCTAssertEqual(lists.map(\.list.name), ["Ash's favorites"])
        XCTAssertEqual(lists.map(\.list.ownerID), [user.id])
        XCTAssertEqual(lists.map(\.role), [.owner])
    }

    /// Ids lead with their creation time, so new rows land at the end of each index on an id.
    func testIdsSortByCreationTimeWhateverTheOrderTheyWereMadeIn() async throws {
        let storage = try StorageFixture()
        let earlier = Date(timeIntervalSince1970: 1_800_000_000)
        let later = earlier.addingTimeInterval(0.002)

        let made2 = try await UserRepository(database: storage.database, now: { later }).createUser(displayName: "Later")
        let made1 = try await UserRepository(database: storage.database, now: { earlier }).createUser(displayName: "Earlier")

        XCTAssertLessThan(made1.user.id, made2.user.id)
        XCTAssertLessThan(made1.personalList.id, made2.personalList.id)
        XCTAssertEqual(String(made1.user.id.prefix(12)), "01a3185c5000", "milliseconds since 1970, in hex")
    }

    func testTokenIsStoredOnlyAsItsSHA256() async throws {
        let storage = try StorageFixture()
        let (_, token, _) = try await storage.users.createUser(displayName: "Misty")

        let stored = try storage.database.query("SELECT token_hash FROM users")[0].text(0)

        XCTAssertEqual(stored, SHA256.hash(token).hexString)
        XCTAssertNotEqual(stored, token)
    }

    func testUnknownTokenFindsNobody() async throws {
        let storage = try StorageFixture()
        _ = try await storage.users.createUser(displayName: "Brock")

        XCTAssertNil(try storage.users.user(forToken: RandomToken.secret()))
        XCTAssertNil(try storage.users.user(forToken: ""))
    }

    func testEachUserGetsDistinctIdAndToken() async throws {
        let storage = try StorageFixture()

        let first = try await storage.users.createUser(displayName: "Same")
        let second = try await storage.users.createUser(displayName: "Same")

        XCTAssertNotEqual(first.user.id, second.user.id)
        XCTAssertNotEqual(first.token, second.token)
        XCTAssertEqual(try storage.users.user(forToken: second.token), second.user)
    }

    func testInvalidNamesAreRefusedAndCreateNothing() async throws {
        let storage = try StorageFixture()

        for name in ["", "   \n", String(repeating: "x", count: 41), "Line\nbreak", "Tab\u{7}bell"] {
            do {
                _ = try await storage.users.createUser(displayName: name)
                XCTFail("\(name.debugDescription) was accepted")
            } catch {
                XCTAssertEqual(error as? FavoritesError, .invalidName, "\(error)")
            }
        }

        XCTAssertEqual(try storage.count("users"), 0)
        XCTAssertEqual(try storage.count("favorite_lists"), 0)
    }

    func testNameLengthCountsCharactersNotBytes() async throws {
        let storage = try StorageFixture()
        let name = String(repeating: "é", count: 39) + "🐉"

        let created = try await storage.users.createUser(displayName: name)

        XCTAssertEqual(created.user.displayName, name)
    }

    func testRenameValidatesAndPersists() async throws {
        let storage = try StorageFixture()
        let (user, token, _) = try await storage.users.createUser(displayName: "Gary")

        let renamed = try storage.users.rename(userID: user.id, to: " Blue ")
        XCTAssertThrows(.invalidName, try storage.users.rename(userID: user.id, to: " "))
        XCTAssertThrows(.unknownUser, try storage.users.rename(userID: "nobody", to: "Red"))

        XCTAssertEqual(renamed, User(id: user.id, displayName: "Blue"))
        XCTAssertEqual(try storage.users.user(forToken: token), renamed)
    }
}

