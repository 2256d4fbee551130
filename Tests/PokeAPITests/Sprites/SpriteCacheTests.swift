import Foundation
import PokeAPI
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

    private func spriteCache(http: HTTPClient?) throws -> SpriteCache {
        let database = try Database(path: directory.path + "/sprites.sqlite", migrations: StorageSchema.migrations)
        let baseURL = server.baseURL, clock = self.clock
        return SpriteCache(
            http: http, cache: ResponseCache(database: database), retryFailuresAfter: 60,
            spriteURL: { "\(baseURL)/sprites/\($0).png" }, now: { clock.now }
        )
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
