import Foundation
import PokedexModels
import Storage
import XCTest

/// Users and their tokens.
extension StoreConformanceTests {
    func testCreatedUserIsFoundByTokenAndOwnsAPersonalList() async throws {
        let (user, token, personal) = try await users.createUser(displayName: "  Ash  ")

        XCTAssertEqual(user.displayName, "Ash")
        XCTAssertTrue(isLowercaseHex(user.id, length: 32), user.id)
        XCTAssertTrue(isLowercaseHex(token, length: 64), token)
        XCTAssertEqual(try users.user(forToken: token), user)
        XCTAssertEqual(try users.user(id: user.id), user)
        XCTAssertEqual(personal, FavoritesList(id: personal.id, name: "Favorites", ownerID: user.id))
        let owned = try lists.lists(forUser: user.id)
        XCTAssertEqual(owned.map(\.list), [personal])
        XCTAssertEqual(owned.map(\.role), [.owner])
        XCTAssertEqual(try lists.favorites(inList: personal.id, as: user.id), [])
    }

    func testTokenIsStoredOnlyAsItsSHA256() async throws {
        let (_, token, _) = try await makeUser("Misty")

        XCTAssertEqual(try storedValues("token_hash", of: "tokens"), [RandomToken.storedHash(of: token)])
        XCTAssertNotEqual(RandomToken.storedHash(of: token), token)
    }

    func testUnknownTokenAndIdFindNobody() async throws {
        let (brock, token, _) = try await makeUser("Brock")

        XCTAssertNil(try users.user(forToken: RandomToken.secret()))
        XCTAssertNil(try users.user(forToken: ""))
        // The stored hash is not a token: holding it (a leaked backup) lets nobody in.
        XCTAssertNil(try users.user(forToken: RandomToken.storedHash(of: token)))
        XCTAssertNil(try users.user(id: RandomToken.identifier(createdAt: Date())))
        XCTAssertNil(try users.user(forToken: brock.id))
    }

    func testEachUserGetsDistinctIdTokenAndList() async throws {
        let first = try await users.createUser(displayName: "Same")
        let second = try await users.createUser(displayName: "Same")

        XCTAssertNotEqual(first.user.id, second.user.id)
        XCTAssertNotEqual(first.token, second.token)
        XCTAssertNotEqual(first.personalList.id, second.personalList.id)
        XCTAssertEqual(try users.user(forToken: first.token), first.user)
        XCTAssertEqual(try users.user(forToken: second.token), second.user)
    }

    func testInvalidNamesAreRefusedAndCreateNothing() async throws {
        for name in ["", "   \n", String(repeating: "x", count: 41), "Line\nbreak", "Tab\u{7}bell"] {
            do {
                _ = try await users.createUser(displayName: name)
                XCTFail("\(name.debugDescription) was accepted")
            } catch {
                XCTAssertEqual(error as? FavoritesError, .invalidName, "\(error)")
            }
        }

        XCTAssertEqual(try count("users"), 0)
        XCTAssertEqual(try count("favorite_lists"), 0)
        XCTAssertEqual(try count("memberships"), 0)
    }

    func testNameLengthCountsCharactersNotBytes() async throws {
        let name = String(repeating: "é", count: 39) + "🐉"

        let created = try await users.createUser(displayName: name)

        XCTAssertEqual(created.user.displayName, name)
        XCTAssertEqual(try users.user(id: created.user.id)?.displayName, name)
    }

    func testRenameValidatesAndPersists() async throws {
        let (user, token, personal) = try await makeUser("Gary")

        let renamed = try users.rename(userID: user.id, to: " Blue ")
        XCTAssertThrows(.invalidName, try users.rename(userID: user.id, to: " "))
        XCTAssertThrows(.invalidName, try users.rename(userID: user.id, to: String(repeating: "x", count: 41)))
        XCTAssertThrows(.unknownUser, try users.rename(userID: "nobody", to: "Red"))

        XCTAssertEqual(renamed, User(id: user.id, displayName: "Blue"))
        XCTAssertEqual(try users.user(forToken: token), renamed)
        XCTAssertEqual(try users.user(id: user.id), renamed)
        // Lists are renamed on their own: the personal list keeps the name it was made with.
        XCTAssertEqual(try lists.list(id: personal.id)?.name, "Favorites")
    }
}
