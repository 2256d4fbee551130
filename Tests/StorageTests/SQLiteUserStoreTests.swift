import PokedexModels
import XCTest
@testable import Storage

/// SQLite-only: ids made at given times (the clock is injected here). The users' behaviour
/// is tested on every backend by `StoreConformanceTests`.
final class SQLiteUserStoreTests: XCTestCase {
    /// Ids lead with their creation time, so new rows land at the end of each index on an id.
    func testIdsSortByCreationTimeWhateverTheOrderTheyWereMadeIn() async throws {
        let storage = try StorageFixture()
        let earlier = Date(timeIntervalSince1970: 1_800_000_000)
        let later = earlier.addingTimeInterval(0.002)

        let made2 = try await SQLiteUserStore(database: storage.database, now: { later }).createUser(displayName: "Later")
        let made1 = try await SQLiteUserStore(database: storage.database, now: { earlier }).createUser(displayName: "Earlier")

        XCTAssertLessThan(made1.user.id, made2.user.id)
        XCTAssertLessThan(made1.personalList.id, made2.personalList.id)
        XCTAssertEqual(String(made1.user.id.prefix(12)), "01a3185c5000", "milliseconds since 1970, in hex")
    }
}
