import Foundation
import XCTest
@testable import Storage

/// A file made before named lists: its personal lists lose the owner's name, and its invites
/// keep working as they did (no expiry, no limit on uses).
final class NamedListsMigrationTests: XCTestCase {
    func testPersonalListsAreRenamedAndOldInvitesStayOpen() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("old.sqlite").path
        let old = try Database(path: path, migrations: StorageSchema.migrations.filter { $0.version < 7 })
        for statement in [
            "INSERT INTO users (id, display_name, token_hash, created_at) VALUES ('u1', 'Ash', 'h1', 0)",
            "INSERT INTO favorite_lists (id, name, owner_id, created_at) VALUES ('l1', 'Ash''s favorites', 'u1', 0)",
            "INSERT INTO memberships (list_id, user_id, role, joined_at) VALUES ('l1', 'u1', 'owner', 0)",
            "INSERT INTO invites (code_hash, list_id, role, created_by, created_at) VALUES ('c1', 'l1', 'viewer', 'u1', 0)",
        ] { _ = try old.run(statement) }

        let upgraded = try Database(path: path, migrations: StorageSchema.migrations)
        let lists = SQLiteListStore(database: upgraded)

        XCTAssertEqual(try lists.list(id: "l1")?.name, "Favorites")
        let invite = try XCTUnwrap(lists.invites(ofList: "l1", by: "u1").first)
        XCTAssertNil(invite.expiresAt)
        XCTAssertNil(invite.maxUses)
        XCTAssertEqual(invite.uses, 0)
        XCTAssertEqual(try lists.openInviteCount(ofList: "l1"), 1)
    }
}
