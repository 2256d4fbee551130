import Foundation
import XCTest
@testable import Storage

final class ResponseCacheTests: XCTestCase {
    private let storedAt = Date(timeIntervalSince1970: 1_700_000_000)

    private func makeCache() throws -> ResponseCache {
        ResponseCache(database: try Database(path: Database.inMemoryPath, migrations: StorageSchema.migrations))
    }

    func testFreshEntryIsReturnedAndExpiredOneIsNot() throws {
        let cache = try makeCache()
        try cache.store([1, 2, 3], for: "https://pokeapi.co/api/v2/pokemon/25", now: storedAt)

        let key = "https://pokeapi.co/api/v2/pokemon/25"
        XCTAssertEqual(try cache.value(for: key, maxAge: 60, now: storedAt.addingTimeInterval(60)), [1, 2, 3])
        XCTAssertNil(try cache.value(for: key, maxAge: 60, now: storedAt.addingTimeInterval(60.5)))
        XCTAssertNil(try cache.value(for: "other", maxAge: 60, now: storedAt))
    }

    func testStoringAgainReplacesBodyAndRestartsTheClock() throws {
        let cache = try makeCache()
        try cache.store([1], for: "k", now: storedAt)
        try cache.store([2], for: "k", now: storedAt.addingTimeInterval(100))

        XCTAssertEqual(try cache.value(for: "k", maxAge: 10, now: storedAt.addingTimeInterval(105)), [2])
    }

    func testEntriesSurviveReopeningTheFile() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("cache.sqlite").path
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 10_000)
        do {
            let cache = ResponseCache(database: try Database(path: path, migrations: StorageSchema.migrations))
            try cache.store(png, for: "sprite:25", now: storedAt)
        }

        let reopened = ResponseCache(database: try Database(path: path, migrations: StorageSchema.migrations))

        XCTAssertEqual(try reopened.value(for: "sprite:25", maxAge: 3600, now: storedAt), png)
    }

    func testRemovingOldEntriesKeepsNewerOnes() throws {
        let cache = try makeCache()
        try cache.store([1], for: "old", now: storedAt)
        try cache.store([2], for: "new", now: storedAt.addingTimeInterval(10))

        XCTAssertEqual(try cache.removeEntries(storedBefore: storedAt.addingTimeInterval(5)), 1)
        XCTAssertNil(try cache.value(for: "old", maxAge: .infinity, now: storedAt))
        XCTAssertEqual(try cache.value(for: "new", maxAge: .infinity, now: storedAt), [2])
    }
}
