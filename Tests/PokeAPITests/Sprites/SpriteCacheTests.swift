import Foundation
@testable import PokeAPI
import Storage
import Synchronization
import XCTest

final class SpriteCacheTests: XCTestCase {
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    private var server: TestHTTPServer!
    private var directory: TemporaryDirectory!
    private let clock = Clock()

    override func setUpWithError() throws {
        server = try TestHTTPServer()
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        server.stop()
    }

    private func spriteCache(
        http: HTTPClient?, maxBytes: Int = 32 << 20, spriteURL: (@Sendable (Int) -> String)? = nil
    ) throws -> SpriteCache {
        let database = try Database(path: directory.path + "/sprites.sqlite", migrations: StorageSchema.migrations)
        let baseURL = server.baseURL, clock = self.clock
        return SpriteCache(
            http: http, cache: ResponseCache(database: database), retryFailuresAfter: 60, maxBytes: maxBytes,
            spriteURL: spriteURL ?? { "\(baseURL)/sprites/\($0).png" }, now: { clock.now }
        )
    }

    func testConcurrentRequestsForOneSpriteShareOneTransfer() async throws {
        server.serve("/sprites/25.png", png, contentType: "image/png")
        // The answer takes a while, so every request below arrives while the first is in flight.
        server.inject(.delay(seconds: 0.5), at: "/sprites/25.png")
        let sprites = try spriteCache(http: try HTTPClient())

        let results = await withTaskGroup(of: Sprite.self) { group in
            for _ in 0..<8 { group.addTask { await sprites.sprite(id: 25) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(results.count, 8)
        XCTAssertTrue(results.allSatisfy { $0.bytes == png && !$0.isPlaceholder })
        XCTAssertEqual(server.snapshot.requests["/sprites/25.png"], 1)
    }

    func testTheCacheKeepsWithinItsBoundDroppingTheOldestFirst() async throws {
        for id in 1...3 { server.serve("/sprites/\(id).png", png, contentType: "image/png") }
        // A stored sprite is its content type, a newline and the bytes: room for two.
        let stored = "image/png\n".utf8.count + png.count
        let sprites = try spriteCache(http: try HTTPClient(), maxBytes: 2 * stored + 1)
        for id in 1...3 {
            _ = await sprites.sprite(id: id)
            clock.advance(by: 1)
        }
        _ = await sprites.sprite(id: 3)
        _ = await sprites.sprite(id: 2)
        XCTAssertEqual([1, 2, 3].map { server.snapshot.requests["/sprites/\($0).png"] }, [1, 1, 1], "2 and 3 are kept")
        let first = await sprites.sprite(id: 1)
        XCTAssertEqual(first.bytes, png)
        XCTAssertEqual(server.snapshot.requests["/sprites/1.png"], 2, "the oldest was dropped, so fetched again")
    }

    func testWithoutANetworkEverySpriteIsAPlaceholderForAWhile() async throws {
        server.serve("/sprites/2.png", png, contentType: "image/png")
        let baseURL = server.baseURL
        // Sprite 1 is on a port nothing listens on: the transfer fails, not the server.
        let sprites = try spriteCache(http: try HTTPClient()) { id in
            id == 1 ? "http://127.0.0.1:9/sprites/1.png" : "\(baseURL)/sprites/\(id).png"
        }
        let unreachable = await sprites.sprite(id: 1)
        XCTAssertTrue(unreachable.isPlaceholder)
        let meanwhile = await sprites.sprite(id: 2)
        XCTAssertTrue(meanwhile.isPlaceholder, "no transfer is tried while the network is out")
        XCTAssertNil(server.snapshot.requests["/sprites/2.png"])

        clock.advance(by: 61)
        let later = await sprites.sprite(id: 2)
        XCTAssertEqual(later.bytes, png)
    }

    func testALocalFolderServesItsFilesAndPlaceholdersForTheRest() async throws {
        try directory.write("25.png", String(decoding: png, as: UTF8.self))
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: directory.path + "/25.png"))
        let offline = try spriteCache(http: nil)
        let folder = SpriteFolder(path: directory.path) { await offline.placeholder(id: $0) }

        let pikachu = await folder.sprite(id: 25)
        XCTAssertEqual(pikachu, Sprite(bytes: Array(bytes), contentType: "image/png", isPlaceholder: false))
        let missing = await folder.sprite(id: 26)
        XCTAssertTrue(missing.isPlaceholder)
        XCTAssertEqual(missing.contentType, "image/svg+xml")
    }

    func testFetchedOnceThenServedFromTheCacheEvenAfterReopening() async throws {
        server.serve("/sprites/25.png", png, contentType: "image/png")
        let sprites = try spriteCache(http: try HTTPClient())

        let first = await sprites.sprite(id: 25)
        XCTAssertEqual(first, Sprite(bytes: png, contentType: "image/png", isPlaceholder: false))
        let second = await sprites.sprite(id: 25)
        XCTAssertEqual(second, first)
        server.stop()
        let reopened = await (try spriteCache(http: try HTTPClient())).sprite(id: 25)
        XCTAssertEqual(reopened, first)
        XCTAssertEqual(server.snapshot.requests["/sprites/25.png"], 1)
    }

    func testAFailureGivesAPlaceholderAndIsRetriedOnlyAfterAWhile() async throws {
        server.serve("/sprites/25.png", png, contentType: "image/png")
        server.inject(.status(500, times: nil), at: "/sprites/25.png")
        let sprites = try spriteCache(http: try HTTPClient())

        let placeholder = await sprites.sprite(id: 25)
        XCTAssertTrue(placeholder.isPlaceholder)
        XCTAssertEqual(placeholder.contentType, "image/svg+xml")
        let svg = String(decoding: placeholder.bytes, as: UTF8.self)
        XCTAssertTrue(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>"), svg)
        XCTAssertTrue(svg.contains("#025"), "shows the number")
        XCTAssertTrue(svg.contains("#F7D02C"), "electric yellow, pikachu's type")

        server.inject(nil, at: "/sprites/25.png")
        clock.advance(by: 30)
        let stillPlaceholder = await sprites.sprite(id: 25)
        XCTAssertTrue(stillPlaceholder.isPlaceholder, "not retried within a minute")
        XCTAssertEqual(server.snapshot.requests["/sprites/25.png"], 1)

        clock.advance(by: 31)
        let recovered = await sprites.sprite(id: 25)
        XCTAssertEqual(recovered.bytes, png)
        XCTAssertEqual(server.snapshot.requests["/sprites/25.png"], 2)
    }

    func testOfflineOrNotAnImageGivesAPlaceholder() async throws {
        let offline = await (try spriteCache(http: nil)).sprite(id: 1)
        XCTAssertTrue(offline.isPlaceholder)
        XCTAssertTrue(String(decoding: offline.bytes, as: UTF8.self).contains("#7AC74C"), "grass green")

        server.serve("/sprites/4.png", "<html>login</html>", contentType: "text/html")
        let portal = await (try spriteCache(http: try HTTPClient())).sprite(id: 4)
        XCTAssertTrue(portal.isPlaceholder)
    }
}

/// A clock the test moves by hand.
private final class Clock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
