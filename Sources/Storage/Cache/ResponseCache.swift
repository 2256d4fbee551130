import Foundation

/// Bodies fetched from the network (PokeAPI JSON, sprite PNGs), keyed by URL or any cache
/// key, with the time each was stored. Sprites use this same cache: a PNG is just a body.
///
/// Needs a `Database` opened with `StorageSchema.migrations`.
public struct ResponseCache: Sendable {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The body stored for `key` if it is at most `maxAge` seconds old at `now`.
    public func value(for key: String, maxAge: TimeInterval, now: Date = Date()) throws -> [UInt8]? {
        let oldestFresh = now.timeIntervalSince1970 - maxAge
        let rows = try database.query(
            "SELECT body FROM response_cache WHERE key = ? AND stored_at >= ?",
            [.text(key), .real(oldestFresh)]
        )
        return try rows.first?.blob(0)
    }

    /// Stores `body` for `key`, replacing what was there.
    public func store(_ body: [UInt8], for key: String, now: Date = Date()) throws {
        try database.run(
            "INSERT OR REPLACE INTO response_cache (key, body, stored_at) VALUES (?, ?, ?)",
            [.text(key), .blob(body), .real(now.timeIntervalSince1970)]
        )
    }

    /// Keeps the bodies of the entries whose key starts with `prefix` within `maxBytes` in all,
    /// deleting the oldest stored first; returns how many were deleted.
    @discardableResult
    public func trim(keysWithPrefix prefix: String, toBytes maxBytes: Int) throws -> Int {
        let rows = try database.query(
            "SELECT key, length(body) FROM response_cache WHERE substr(key, 1, ?) = ? ORDER BY stored_at DESC, key",
            [.integer(Int64(prefix.count)), .text(prefix)]
        )
        var kept = 0
        var deleted = 0
        for row in rows {
            kept += try row.int(1)
            guard kept > maxBytes else { continue }
            deleted += try database.run("DELETE FROM response_cache WHERE key = ?", [.text(try row.text(0))])
        }
        return deleted
    }

    /// Deletes entries stored before `date`, so the file does not grow without bound.
    @discardableResult
    public func removeEntries(storedBefore date: Date) throws -> Int {
        try database.run("DELETE FROM response_cache WHERE stored_at < ?", [.real(date.timeIntervalSince1970)])
    }
}
