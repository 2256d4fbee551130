/// What differs between the SQL that SQLite and PostgreSQL take, for the queries the stores
/// write once (`SQLListStore`, `SQLUserStore`, `SQLSessionStore`): they are written with `?`
/// placeholders, which PostgreSQL numbers (`$1, $2, …`), and name row locks that only
/// PostgreSQL has (SQLite's writer holds the whole file for the transaction, so a read inside
/// it needs none). Upserts (`ON CONFLICT … DO …`) and `RETURNING` are written the same in both.
public struct SQLDialect: Sendable {
    /// Whether placeholders are numbered (`$n`) rather than `?`.
    let numbersPlaceholders: Bool
    /// Appended to a SELECT to lock the rows it reads against writers until the transaction ends.
    public let forShare: String
    /// Appended to a SELECT to lock the rows it reads for an update or deletion.
    public let forUpdate: String
    /// The schema's words that differ (the tables are written once, `StorageSchema`): a time
    /// in seconds since the epoch, an id or count that may pass 2^31, an event's own id.
    public let real: String
    public let bigInteger: String
    public let autoincrementKey: String
    /// Ends a `CREATE TABLE` keyed by its primary key alone (SQLite then stores no rowid).
    public let endOfKeyedTable: String

    public static let sqlite = SQLDialect(
        numbersPlaceholders: false, forShare: "", forUpdate: "",
        real: "REAL", bigInteger: "INTEGER", autoincrementKey: "INTEGER PRIMARY KEY AUTOINCREMENT",
        endOfKeyedTable: ") WITHOUT ROWID;"
    )
    public static let postgres = SQLDialect(
        numbersPlaceholders: true, forShare: " FOR SHARE", forUpdate: " FOR UPDATE",
        real: "DOUBLE PRECISION", bigInteger: "BIGINT", autoincrementKey: "BIGSERIAL PRIMARY KEY",
        endOfKeyedTable: ");"
    )

    /// `sql` in this dialect: each `?` becomes `$1`, `$2`, … in order where placeholders are
    /// numbered. The stores' statements hold no `?` but their placeholders (no string literal
    /// nor operator holds one).
    public func statement(_ sql: String) -> String {
        guard numbersPlaceholders else { return sql }
        var numbered = ""
        numbered.reserveCapacity(sql.utf8.count + 16)
        var next = 1
        for character in sql {
            if character == "?" {
                numbered += "$\(next)"
                next += 1
            } else {
                numbered.append(character)
            }
        }
        return numbered
    }

    /// `count` placeholders separated by commas, for an `IN (…)` list.
    public static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
