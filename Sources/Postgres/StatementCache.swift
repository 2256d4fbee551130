import CPostgres

/// The statements one server session has prepared for `PostgresConnection.execute`, keyed by
/// their SQL and parameter types (a NULL parameter is sent untyped, so one SQL text may be
/// prepared twice). Bounded: statements built with a varying number of placeholders would
/// otherwise grow it without end; past the bound, new ones run unnamed as before.
struct StatementCache {
    static let capacity = 256

    private struct Key: Hashable {
        let sql: String
        let types: [Oid]
    }

    private var names: [Key: String] = [:]
    private var nextNumber = 0

    func name(sql: String, types: [Oid]) -> String? {
        names[Key(sql: sql, types: types)]
    }

    /// A fresh name for a statement about to be prepared; nil when the cache is full. Names are
    /// never reused within a session: a forgotten one may still exist on the server.
    mutating func reserveName(sql: String, types: [Oid]) -> String? {
        guard names.count < Self.capacity else { return nil }
        nextNumber += 1
        let name = "pokedex_cached_\(nextNumber)"
        names[Key(sql: sql, types: types)] = name
        return name
    }

    mutating func forget(sql: String, types: [Oid]) {
        names[Key(sql: sql, types: types)] = nil
    }

    /// Errors after which a prepared statement must be prepared again: its plan's result type
    /// changed (`0A000`, "cached plan must not change result type") or the server no longer
    /// knows its name (`26000`).
    static func invalidates(_ error: PostgresError) -> Bool {
        error.code == "0A000" || error.code == "26000"
    }
}
