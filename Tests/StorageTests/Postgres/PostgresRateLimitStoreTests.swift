import Foundation
import Storage
import Synchronization
import XCTest
@testable import PostgresStorage

/// Rates counted in PostgreSQL: one token bucket per (kind, key) that every process of a
/// cluster takes from. Times are given explicitly (`at:`), so refills are tested without
/// waiting for them.
final class PostgresRateLimitStoreTests: PostgresStorageTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private var rates: PostgresRateLimitStore { storage.rateLimits }

    private func take(_ key: String = "10.0.0.1", kind: String = "new_users", at time: Date, perMinute: Int = 3) throws -> Bool {
        try rates.take(kind: kind, key: key, interval: 60 / Double(perMinute), burst: perMinute, at: time)
    }

    func testABurstIsAdmittedThenOneAnIntervalAsTheBucketRefills() throws {
        XCTAssertEqual(try (0..<5).map { _ in try take(at: now) }, [true, true, true, false, false])
        XCTAssertFalse(try take(at: now + 19.9), "a token takes 20 s at 3 a minute")
        XCTAssertTrue(try take(at: now + 20))
        XCTAssertFalse(try take(at: now + 20))
        // Quiet for a long time: the bucket is full again, and holds no more than the burst.
        XCTAssertEqual(try (0..<4).map { _ in try take(at: now + 3_600) }, [true, true, true, false])
    }

    func testKindsAndKeysHaveBucketsOfTheirOwn() throws {
        XCTAssertEqual(try (0..<4).map { _ in try take("10.0.0.1", at: now, perMinute: 1) }, [true, false, false, false])
        XCTAssertTrue(try take("10.0.0.2", at: now, perMinute: 1))
        XCTAssertTrue(try take("10.0.0.1", kind: "sign_ins", at: now, perMinute: 1))
    }

    /// Two processes (two pools on one database) taking at once from many threads admit the
    /// burst exactly once between them.
    func testTakesFromTwoProcessesAtOnceAdmitTheBurstOnceBetweenThem() throws {
        let other = try PostgresStorage(url: database.url, origin: "other-origin", poolSize: 4)
        let stores = [rates, other.rateLimits]
        let admitted = Atomic<Int>(0), failures = Mutex<[String]>([])
        let at = now
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            do {
                if try stores[index % 2].take(kind: "new_users", key: "10.0.0.9", interval: 3, burst: 20, at: at) {
                    admitted.add(1, ordering: .relaxed)
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(admitted.load(ordering: .relaxed), 20)
    }

    func testPruningForgetsOnlyFullBuckets() throws {
        XCTAssertTrue(try take("busy", at: now + 50))
        XCTAssertTrue(try take("quiet", at: now))
        // "quiet" is full again 20 s after its one take; "busy" only at now + 70.
        XCTAssertEqual(try rates.pruneFull(at: now + 20), 1)
        XCTAssertEqual(try database.query("SELECT key FROM rate_limits").map { try $0.text(0) }, ["busy"])
        XCTAssertEqual(try (0..<3).map { _ in try take("busy", at: now + 50) }, [true, true, false], "a kept bucket keeps its count")
    }
}
