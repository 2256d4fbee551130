@testable import PokedexServer
import Storage
import XCTest

/// `pokedex-server`'s command line.
final class ServerOptionsTests: XCTestCase {
    func testDurabilityIsNormalUnlessFullIsAsked() throws {
        XCTAssertEqual(try ServerOptions.parse([]).durability, .normal)
        XCTAssertEqual(try ServerOptions.parse(["--durability", "full"]).durability, .full)
        XCTAssertEqual(try ServerOptions.parse(["--durability", "normal"]).durability, .normal)
        XCTAssertThrowsError(try ServerOptions.parse(["--durability", "off"]))
    }
}

/// `--durability` reaches SQLite: both connections of the server's database use it.
final class DurabilityTests: XCTestCase {
    func synchronous(_ durability: Database.Synchronous?) throws -> (writer: Int, reader: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = ServerOptions()
        options.port = 0
        options.database = directory + "/pokedex.sqlite"
        if let durability { options.durability = durability }
        let server = try PokedexServer(options: options)
        // PRAGMA synchronous reads back 1 for NORMAL, 2 for FULL.
        let writer = try server.database.withConnection { try $0.query("PRAGMA synchronous")[0].int(0) }
        let reader = try server.database.query("PRAGMA synchronous")[0].int(0)
        return (writer, reader)
    }

    func testTheDefaultKeepsNormal() throws {
        let applied = try synchronous(nil)
        XCTAssertEqual(applied.writer, 1)
        XCTAssertEqual(applied.reader, 1)
    }

    func testFullIsAppliedToEveryConnection() throws {
        let applied = try synchronous(.full)
        XCTAssertEqual(applied.writer, 2)
        XCTAssertEqual(applied.reader, 2)
    }
}
