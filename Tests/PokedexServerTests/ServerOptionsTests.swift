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

    func testSpritesComeFromAFolderOrAURL() throws {
        let defaults = try ServerOptions.parse([])
        XCTAssertNil(defaults.spritesDirectory)
        XCTAssertNil(defaults.spritesURL, "PokeAPI's sprites repository")
        XCTAssertEqual(try ServerOptions.parse(["--sprites", "/srv/sprites"]).spritesDirectory, "/srv/sprites")
        XCTAssertEqual(try ServerOptions.parse(["--sprites-url", "http://127.0.0.1:9"]).spritesURL, "http://127.0.0.1:9")
        XCTAssertThrowsError(try ServerOptions.parse(["--sprites", ""]))
    }

    func testConnectionsFillAThreadBeforeSpreadingUnlessRoundRobinIsAsked() throws {
        XCTAssertEqual(try ServerOptions.parse([]).spreadAbovePercent, 50)
        XCTAssertEqual(try ServerOptions.parse(["--spread-above", "0"]).spreadAbovePercent, 0, "round robin")
        XCTAssertEqual(try ServerOptions.parse(["--spread-above", "70"]).spreadAbovePercent, 70)
        XCTAssertThrowsError(try ServerOptions.parse(["--spread-above", "101"]))
        XCTAssertTrue(ServerOptions.usage.contains("--spread-above"))
    }

    func testAnEmptyDatabaseIsRefused() throws {
        // systemd expands an unset ${DATABASE_URL} to "": that must not start on a throwaway database.
        XCTAssertThrowsError(try ServerOptions.parse(["--db", ""]))
        XCTAssertThrowsError(try ServerOptions.parse(["--cache-db", ""]))
        XCTAssertEqual(try ServerOptions.parse(["--db", "postgresql://p@h:1/d"]).database, "postgresql://p@h:1/d")
    }

    func testLimitsDefaultToGenerousValuesAndEachHasAnOption() throws {
        let defaults = try ServerOptions.parse([]).limits
        XCTAssertEqual(defaults.actionsPerSecond, 30)
        XCTAssertEqual(defaults.actionsBurst, 60)
        XCTAssertEqual(defaults.newUsersPerMinute, 20)
        XCTAssertEqual(defaults.sessionsPerUser, 100)
        XCTAssertGreaterThanOrEqual(defaults.membersPerList, 10_000, "the load tests put 10,000 members in one list")
        XCTAssertEqual(defaults.listsPerUser, 100)
        XCTAssertEqual(defaults.invitesPerList, 100)
        XCTAssertEqual(defaults.trustedProxies, [])

        let parsed = try ServerOptions.parse([
            "--limit-actions-per-s", "5", "--limit-actions-burst", "7", "--limit-new-users-per-min", "0",
            "--limit-sessions-per-user", "3", "--limit-members-per-list", "40", "--limit-lists-per-user", "9",
            "--limit-invites-per-list", "2", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.2",
        ]).limits
        XCTAssertEqual(parsed.actionsPerSecond, 5)
        XCTAssertEqual(parsed.actionsBurst, 7)
        XCTAssertEqual(parsed.newUsersPerMinute, 0)
        XCTAssertEqual(parsed.sessionsPerUser, 3)
        XCTAssertEqual(parsed.membersPerList, 40)
        XCTAssertEqual(parsed.listsPerUser, 9)
        XCTAssertEqual(parsed.invitesPerList, 2)
        XCTAssertEqual(parsed.trustedProxies, ["127.0.0.1", "10.0.0.2"])

        XCTAssertEqual(defaults.signInsPerMinute, 10)
        XCTAssertEqual(defaults.signInCodesPerMinute, 5)
        let signIns = try ServerOptions.parse(["--limit-sign-ins-per-min", "3", "--limit-sign-in-codes-per-min", "0"]).limits
        XCTAssertEqual(signIns.signInsPerMinute, 3)
        XCTAssertEqual(signIns.signInCodesPerMinute, 0)

        XCTAssertThrowsError(try ServerOptions.parse(["--limit-actions-per-s", "-1"]))
        XCTAssertThrowsError(try ServerOptions.parse(["--limit-actions-burst", "0"]), "a burst of 0 would refuse everything")
        XCTAssertThrowsError(try ServerOptions.parse(["--trusted-proxy"]))
        for flag in ["--limit-actions-per-s", "--limit-new-users-per-min", "--trusted-proxy", "--durability"] {
            XCTAssertTrue(ServerOptions.usage.contains(flag), flag)
        }
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
