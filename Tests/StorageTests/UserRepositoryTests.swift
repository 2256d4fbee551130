import PokedexModels
import XCTest
@testable import Storage

final class UserRepositoryTests: XCTestCase {
    func testCreatedUserIsFoundByTokenAndOwnsAPersonalList() throws {
        let storage = try StorageFixture()

        let (user, token, _) = try storage.users.createUser(displayName: "  Ash  ")

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

    func testTokenIsStoredOnlyAsItsSHA256() throws {
        let storage = try StorageFixture()
        let (_, token, _) = try storage.users.createUser(displayName: "Misty")

        let stored = try storage.database.query("SELECT token_hash FROM users")[0].text(0)

        XCTAssertEqual(stored, SHA256.hash(token).hexString)
        XCTAssertNotEqual(stored, token)
    }

    func testUnknownTokenFindsNobody() throws {
        let storage = try StorageFixture()
        _ = try storage.users.createUser(displayName: "Brock")

        XCTAssertNil(try storage.users.user(forToken: RandomToken.secret()))
        XCTAssertNil(try storage.users.user(forToken: ""))
    }

    func testEachUserGetsDistinctIdAndToken() throws {
        let storage = try StorageFixture()

        let first = try storage.users.createUser(displayName: "Same")
        let second = try storage.users.createUser(displayName: "Same")

        XCTAssertNotEqual(first.user.id, second.user.id)
        XCTAssertNotEqual(first.token, second.token)
        XCTAssertEqual(try storage.users.user(forToken: second.token), second.user)
    }

    func testInvalidNamesAreRefusedAndCreateNothing() throws {
        let storage = try StorageFixture()

        for name in ["", "   \n", String(repeating: "x", count: 41), "Line\nbreak", "Tab\u{7}bell"] {
            XCTAssertThrows(.invalidName, try storage.users.createUser(displayName: name))
        }

        XCTAssertEqual(try storage.count("users"), 0)
        XCTAssertEqual(try storage.count("favorite_lists"), 0)
    }

    func testNameLengthCountsCharactersNotBytes() throws {
        let storage = try StorageFixture()
        let name = String(repeating: "é", count: 39) + "🐉"

        XCTAssertEqual(try storage.users.createUser(displayName: name).user.displayName, name)
    }

    func testRenameValidatesAndPersists() throws {
        let storage = try StorageFixture()
        let (user, token, _) = try storage.users.createUser(displayName: "Gary")

        let renamed = try storage.users.rename(userID: user.id, to: " Blue ")
        XCTAssertThrows(.invalidName, try storage.users.rename(userID: user.id, to: " "))
        XCTAssertThrows(.unknownUser, try storage.users.rename(userID: "nobody", to: "Red"))

        XCTAssertEqual(renamed, User(id: user.id, displayName: "Blue"))
        XCTAssertEqual(try storage.users.user(forToken: token), renamed)
    }
}
