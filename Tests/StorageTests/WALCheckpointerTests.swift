import Foundation
import XCTest
@testable import Storage

final class WALCheckpointerTests: XCTestCase {
    /// Commits stay in the WAL until a checkpoint copies them into the main file. The writer
    /// never checkpoints (auto-checkpoint is off), so pages reaching the main file while every
    /// connection is still open show the checkpointer's thread at work.
    func testCommitsReachTheMainFileWithoutTheWriterCheckpointing() async throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("db.sqlite").path
        let database = try Database(path: path)
        XCTAssertEqual(try database.withConnection { try $0.query("PRAGMA wal_autocheckpoint") }.first?.int(0), 0)
        try database.execute("CREATE TABLE t (v TEXT)")
        let before = try fileSize(path)
        let row = String(repeating: "x", count: 1000)
        try database.transaction { connection in
            for _ in 0..<400 { try connection.run("INSERT INTO t VALUES (?)", [.text(row)]) }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while try fileSize(path) < before + 400 * 1000, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertGreaterThanOrEqual(try fileSize(path), before + 400 * 1000, "the rows never reached the main file")
        XCTAssertEqual(try database.query("SELECT count(*) FROM t").first?.int(0), 400)
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
