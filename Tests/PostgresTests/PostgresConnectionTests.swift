import Postgres
import XCTest

final class PostgresConnectionTests: PostgresTestCase {
    func testColumnsAreTypedByTheirPostgresType() throws {
        let connection = try connect()

        let row = try XCTUnwrap(
            connection.queryFirst(
                """
                SELECT 7::int2, 2147483647::int4, '-9223372036854775808'::int8, true, false,
                       1.5::float8, 'Infinity'::float8, 'Pikachu'::text, 'Eevee'::varchar(10),
                       '\\x00ff10'::bytea, '2024-05-01T12:00:00.5Z'::timestamptz, 12.50::numeric, NULL::int4
                """
            )
        )

        XCTAssertEqual(
            row.values,
            [
                .integer(7), .integer(2_147_483_647), .integer(.min), .bool(true), .bool(false),
                .double(1.5), .double(.infinity), .text("Pikachu"), .text("Eevee"),
                .bytea([0x00, 0xFF, 0x10]), .text("2024-05-01 12:00:00.5+00"), .text("12.50"), .null,
            ]
        )
    }

    func testEveryKindOfValueRoundTripsThroughATable() throws {
        let connection = try connect()
        try connection.execute(
            "CREATE TABLE v (i int8, b bool, d float8, t text, vc varchar(40), y bytea, ts timestamptz, n int4)"
        )
        let bytes: [UInt8] = [0, 1, 0x7F, 0x80, 0xFF] + Array("\\x".utf8)
        let values: [PostgresValue] = [
            .integer(.max), .bool(true), .double(-0.1), .text("Flabébé 🌸 \"quoted\" \\ backslash"),
            .text("Mr. Mime"), .bytea(bytes), .text("2024-05-01T12:00:00Z"), .null,
        ]

        try connection.execute("INSERT INTO v VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", params: values)
        let row = try XCTUnwrap(connection.queryFirst("SELECT * FROM v"))

        XCTAssertEqual(Array(row.values.prefix(6)), Array(values.prefix(6)))
        XCTAssertEqual(row[6], .text("2024-05-01 12:00:00+00"), "timestamptz reads back as UTC text")
        XCTAssertEqual(row[7], .null)
        XCTAssertEqual(row.columns, ["i", "b", "d", "t", "vc", "y", "ts", "n"])
        XCTAssertEqual(row["t"], values[3])
        XCTAssertEqual(try row.int64(0), .max)
        XCTAssertEqual(try row.bytea(5), bytes)
        XCTAssertTrue(row.isNull(7))
    }

    func testTypedParametersComeBackAsTheSameCase() throws {
        let connection = try connect()
        let sent: [PostgresValue] = [.integer(-42), .bool(false), .double(.nan), .bytea([]), .double(1e-300)]

        let row = try XCTUnwrap(connection.queryFirst("SELECT $1, $2, $3, $4, $5", params: sent))

        XCTAssertEqual(row[0], .integer(-42))
        XCTAssertEqual(row[1], .bool(false))
        XCTAssertTrue(try row.double(2).isNaN)
        XCTAssertEqual(row[3], .bytea([]))
        XCTAssertEqual(row[4], .double(1e-300))
    }

    func testParametersAreNeverReadAsSQL() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE trainers (name text PRIMARY KEY)")
        let hostile = "Robert'); DROP TABLE trainers; --"

        try connection.execute("INSERT INTO trainers VALUES ($1)", params: [.text(hostile)])
        let found = try connection.query("SELECT name FROM trainers WHERE name = $1", params: [.text(hostile)])
        let sneaky = try connection.query("SELECT name FROM trainers WHERE name = $1", params: ["x' OR '1'='1"])

        XCTAssertEqual(try found.map { try $0.text(0) }, [hostile])
        XCTAssertEqual(sneaky.count, 0)
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM trainers")?.int(0), 1, "the table is still there")
    }

    func testATextParameterWithANULIsRefusedRatherThanCutShort() throws {
        let connection = try connect()

        XCTAssertThrowsError(try connection.execute("SELECT $1::text", params: [.text("ab\u{0}cd")])) { error in
            XCTAssertEqual((error as? PostgresError)?.code, PostgresError.characterNotInRepertoire)
        }
    }

    func testAffectedRowsAndCommandTag() throws {
        let connection = try connect()
        try connection.executeScript("CREATE TABLE t (v int); INSERT INTO t VALUES (1), (2), (3)")

        let update = try connection.execute("UPDATE t SET v = v + 10 WHERE v >= $1", params: [2])

        XCTAssertEqual(update.affectedRows, 2)
        XCTAssertEqual(update.command, "UPDATE 2")
        XCTAssertTrue(update.isEmpty)
        XCTAssertEqual(try connection.query("SELECT v FROM t ORDER BY v").map { try $0.int(0) }, [1, 12, 13])
    }

    func testAUniqueViolationCarriesItsSQLStateAndConstraint() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE users (name text CONSTRAINT users_name_key UNIQUE)")
        try connection.execute("INSERT INTO users VALUES ($1)", params: ["ash"])

        XCTAssertThrowsError(try connection.execute("INSERT INTO users VALUES ($1)", params: ["ash"])) { error in
            let failure = error as? PostgresError
            XCTAssertEqual(failure?.code, "23505")
            XCTAssertEqual(failure?.isUniqueViolation, true)
            XCTAssertEqual(failure?.constraint, "users_name_key")
            XCTAssertEqual(failure?.detail, "Key (name)=(ash) already exists.")
            XCTAssertEqual(failure?.sql, "INSERT INTO users VALUES ($1)")
        }
        XCTAssertTrue(connection.isConnected, "a statement error leaves the connection usable")
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM users")?.int(0), 1)
    }

    func testSyntaxAndMissingTableErrorsHaveTheirCodes() throws {
        let connection = try connect()

        XCTAssertThrowsError(try connection.execute("SELECT * FROM missing")) { error in
            XCTAssertEqual((error as? PostgresError)?.code, PostgresError.undefinedTable)
        }
        XCTAssertThrowsError(try connection.execute("SELEC 1")) { error in
            XCTAssertEqual((error as? PostgresError)?.code, "42601")
        }
    }

    func testReadingAColumnAsTheWrongTypeThrows() throws {
        let row = try XCTUnwrap(connect().queryFirst("SELECT 'x'::text AS name"))

        XCTAssertThrowsError(try row.int(0)) { error in
            XCTAssertEqual((error as? PostgresError)?.code, PostgresError.datatypeMismatch)
        }
    }

    func testConnectingToANonexistentServerFailsWithUnableToConnect() throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        XCTAssertThrowsError(try PostgresConnection(url: "postgresql://postgres@127.0.0.1:1/pokedex")) { error in
            XCTAssertEqual((error as? PostgresError)?.code, PostgresError.unableToConnect)
        }
    }

    func testATerminatedSessionIsNoticedAndReconnects() throws {
        let connection = try connect()
        let pid = connection.backendPID
        XCTAssertTrue(connection.isConnected)

        // The timeout makes pg_terminate_backend wait until the process has gone.
        let ended = try connect().queryFirst("SELECT pg_terminate_backend($1::int4, 5000)", params: [.integer(Int64(pid))])
        XCTAssertEqual(try ended?.bool(0), true)

        XCTAssertFalse(connection.isConnected)
        try connection.reconnect()
        XCTAssertTrue(connection.isConnected)
        XCTAssertNotEqual(connection.backendPID, pid)
        XCTAssertEqual(try connection.queryFirst("SELECT 1")?.int(0), 1)
    }

    func testAClosedConnectionThrowsInsteadOfCrashing() throws {
        let connection = try connect()
        connection.close()

        XCTAssertFalse(connection.isConnected)
        XCTAssertThrowsError(try connection.execute("SELECT 1")) { error in
            XCTAssertEqual((error as? PostgresError)?.isConnectionFailure, true)
        }
    }
}
