import Foundation
import Postgres
@testable import PostgresStorage
import PostgresTesting
import Storage
import XCTest

/// Stars committed together in cluster mode: each caller gets its own star's outcome, and
/// one bad star fails alone.
final class FavoriteBatcherTests: XCTestCase {
    var database: TestDatabase!
    var pool: PostgresPool!

    override func setUp() async throws {
        database = try TestDatabase.create()
        pool = try PostgresPool(url: database.url, size: 2)
        try pool.execute("CREATE TABLE stars (id INTEGER PRIMARY KEY, list TEXT NOT NULL)")
    }

    override func tearDown() async throws {
        pool = nil
        database?.drop()
    }

    /// A star with a negative id writes nothing and is refused; an id written twice violates the key.
    func batcher(maxBatches: Int = 1) -> FavoriteBatcher {
        let write = FavoriteBatcher.Write.eachItem(
            statement: { star in
                PostgresStatement(
                    "INSERT INTO stars (id, list) SELECT $1, $2 WHERE $1 > 0 RETURNING id",
                    params: [.integer(Int64(star.pokemonID)), .text(star.listID)], preparedName: "test_star")
            },
            outcome: { result, star in
                guard let row = result.first else { throw FavoritesError.forbidden }
                let id = try row.int(0)
                return FavoriteChange(listID: star.listID, seq: id, pokemonID: id, isFavorite: true, userID: star.userID)
            },
            order: \.listID)
        return FavoriteBatcher(pool: pool, maxBatches: maxBatches, write: write)
    }

    static func star(_ id: Int, list: String = "a") -> FavoriteStar {
        .init(listID: list, pokemonID: id, isFavorite: true, userID: "u")
    }

    func stored() throws -> Set<Int> {
        Set(try database.query("SELECT id FROM stars").map { try $0.int(0) })
    }

    func testABatchCommitsEveryStarAndARefusalFailsAlone() throws {
        let results = batcher().commit([Self.star(3, list: "b"), Self.star(-1), Self.star(1), Self.star(2, list: "b")])
        XCTAssertEqual(try results[0].get()?.seq, 3)
        XCTAssertThrowsError(try results[1].get()) { XCTAssertEqual($0 as? FavoritesError, .forbidden) }
        XCTAssertEqual(try results[2].get()?.seq, 1)
        XCTAssertEqual(try results[3].get()?.seq, 2)
        XCTAssertEqual(try stored(), [1, 2, 3])
    }

    func testADatabaseErrorInABatchFailsOnlyItsStar() throws {
        let results = batcher().commit([Self.star(5), Self.star(6), Self.star(5), Self.star(7)])
        XCTAssertEqual(results.map { (try? $0.get())??.seq }, [5, 6, nil, 7])
        XCTAssertTrue({ if case .failure(let error) = results[2] { return error is PostgresError } else { return false } }())
        XCTAssertEqual(try stored(), [5, 6, 7])
    }

    /// Submitting does not wait: one thread queues more stars than a batch holds, and each
    /// completion comes once its star is stored.
    func testStarsSubmittedWithoutWaitingAllComplete() throws {
        let batcher = batcher(maxBatches: 2)
        let outcomes = OutcomeLog()
        let done = DispatchGroup()
        let count = FavoriteBatcher.maxBatchSize + 44
        for id in 1...count {
            done.enter()
            batcher.submit(Self.star(id, list: "l\(id % 5)")) { result in
                outcomes.add(id, result.map { $0?.seq })
                done.leave()
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(outcomes.all.count, count)
        XCTAssertEqual(try outcomes.all.mapValues { try $0.get() }, Dictionary(uniqueKeysWithValues: (1...count).map { ($0, $0) }))
        XCTAssertEqual(try stored(), Set(1...count))
    }

    func testConcurrentCallersEachGetTheirOwnOutcome() throws {
        let batcher = batcher()
        let outcomes = OutcomeLog()
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            // 0 is refused; 39 writes the id 38 writes too.
            let id = index == 39 ? 38 : index
            let result = Result { try batcher.submit(Self.star(id, list: "l\(index % 3)")) }
            outcomes.add(index, result.map { $0?.seq })
        }
        let results = outcomes.all
        XCTAssertEqual(results.count, 40)
        for index in 1...37 { XCTAssertEqual(try results[index]?.get(), index, "star \(index)") }
        XCTAssertThrowsError(try results[0]?.get())
        let duplicates = [results[38], results[39]].map { (try? $0?.get()) ?? nil }
        XCTAssertEqual(duplicates.compactMap { $0 }, [38], "one of the two writes of 38 commits, the other fails")
        XCTAssertEqual(try stored(), Set(1...38))
    }
}

private final class OutcomeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<Int?, any Error>] = [:]

    func add(_ index: Int, _ result: Result<Int?, any Error>) {
        lock.withLock { results[index] = result }
    }

    var all: [Int: Result<Int?, any Error>] { lock.withLock { results } }
}
