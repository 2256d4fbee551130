import Foundation
import PokedexModels
import XCTest
@testable import Storage

/// SQLite repositories over one database with the full schema, for the SQLite-only tests.
struct StorageFixture {
    let database: Database
    let users: SQLiteUserStore
    let favorites: SQLiteListStore

    init(path: String = Database.inMemoryPath) throws {
        database = try Database(path: path, migrations: StorageSchema.migrations)
        users = SQLiteUserStore(database: database)
        favorites = SQLiteListStore(database: database)
    }

    /// A new user and their personal list.
    func makeUser(_ name: String) async throws -> (user: User, token: String, list: FavoritesList) {
        let (user, token, _) = try await users.createUser(displayName: name)
        let list = try XCTUnwrap(favorites.lists(forUser: user.id).first?.list)
        return (user, token, list)
    }
}

/// Asserts that `expression` throws exactly `expected`.
func XCTAssertThrows<T>(
    _ expected: FavoritesError,
    _ expression: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
        XCTAssertEqual(error as? FavoritesError, expected, "\(error) \(message())", file: file, line: line)
    }
}

/// Asserts that `expression` throws exactly `expected`.
func XCTAssertThrows<T>(
    _ expected: AccountError,
    _ expression: @autoclosure () throws -> T,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
        XCTAssertEqual(error as? AccountError, expected, "\(error)", file: file, line: line)
    }
}

func isLowercaseHex(_ text: String, length: Int) -> Bool {
    text.count == length && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
}
