import Foundation
import Postgres
import PostgresTesting
import Storage
import XCTest
@testable import PostgresStorage

/// A test case with a fresh PostgreSQL database per test, cluster storage opened on it, and
/// the change feed heard from the start (`announced()`). Test methods go in final subclasses:
/// Linux test discovery does not run inherited ones.
class PostgresStorageTestCase: XCTestCase {
    /// Names this test's storage in the notices of its writes.
    let origin = "test-origin"
    private(set) var database: TestDatabase!
    private(set) var storage: PostgresStorage!
    private var feed: ChangeFeedRecorder!

    override func setUpWithError() throws {
        try super.setUpWithError()
        database = try TestDatabase.create()
        storage = try PostgresStorage(url: database.url, origin: origin, poolSize: 4)
        // Listening before any write, so every notice of the test is heard.
        feed = try ChangeFeedRecorder(url: database.url)
    }

    override func tearDown() {
        feed?.stop()
        feed = nil
        storage = nil
        database?.drop()
        database = nil
        super.tearDown()
    }

    /// Everything announced on `pokedex_changes` since the last call, in commit order.
    ///
    /// Sends a marker notice and waits for it rather than for some time: notices arrive in
    /// commit order, so once the marker is here every write committed before it has been
    /// heard, and one that announced nothing shows as nothing.
    func announced(file: StaticString = #filePath, line: UInt = #line) async throws -> [Announcement] {
        let marker = "marker-\(UUID().uuidString)"
        let arrived = feed.expectation(forMarker: marker)
        _ = try database.query("SELECT pg_notify($1, $2)", [.text(ChangeNotice.channel), .text(marker)])
        await fulfillment(of: [arrived], timeout: 10)
        return feed.take(through: marker).map { payload in
            guard let (origin, event) = ChangeNotice.parse(payload) else {
                XCTFail("unparseable notice \(payload)", file: file, line: line)
                return Announcement(origin: "?", event: .invitesChanged(listID: payload))
            }
            return Announcement(origin: origin, event: event)
        }
    }

    /// `event` as this test's storage announces it.
    func ours(_ event: StorageEvent) -> Announcement {
        Announcement(origin: origin, event: event)
    }
}

/// A notice heard on the change feed.
struct Announcement: Equatable, CustomStringConvertible {
    var origin: String
    var event: StorageEvent

    var description: String { "\(origin): \(event)" }
}
