import Storage

/// A committed write as a `pg_notify` payload on `channel`: the writing process's origin,
/// then the event, fields separated by `|` (ids are hex, so none holds one). Sent inside the
/// write's transaction, so PostgreSQL delivers it at commit, in commit order.
enum ChangeNotice {
    static let channel = "pokedex_changes"

    static func payload(_ event: StorageEvent, origin: String) -> String {
        let fields: [String]
        switch event {
        case let .favorite(change):
            fields = ["fav", change.listID, String(change.seq), String(change.pokemonID), change.isFavorite ? "1" : "0", change.userID]
        case let .memberLeft(listID, userID, removed): fields = ["left", listID, userID, removed ? "1" : "0"]
        case let .memberJoined(listID, userID): fields = ["joined", listID, userID]
        case let .invitesChanged(listID): fields = ["invites", listID]
        case let .userRenamed(userID): fields = ["renamed", userID]
        case let .presenceChanged(userIDs): fields = ["presence", userIDs.joined(separator: ",")]
        case let .activityChanged(listID): fields = ["activity", listID]
        case let .listRenamed(listID): fields = ["listRenamed", listID]
        case let .listDeleted(listID): fields = ["listDeleted", listID]
        case let .roleChanged(listID, userID): fields = ["role", listID, userID]
        case let .signedOut(userID, tokenHash): fields = ["signedout", userID, tokenHash ?? ""]
        }
        return ([origin] + fields).joined(separator: "|")
    }

    /// Presence notices for `users`, as few as fit PostgreSQL's payload limit (8,000 bytes).
    static func presencePayloads(_ users: [String], origin: String) -> [String] {
        var payloads: [String] = [], part: [String] = [], length = 0
        for user in users {
            if length + user.utf8.count + 1 > presenceBudget, !part.isEmpty {
                payloads.append(payload(.presenceChanged(userIDs: part), origin: origin))
                part = []
                length = 0
            }
            part.append(user)
            length += user.utf8.count + 1
        }
        if !part.isEmpty { payloads.append(payload(.presenceChanged(userIDs: part), origin: origin)) }
        return payloads
    }

    /// Room for user ids in one presence notice, well inside the payload limit.
    static let presenceBudget = 7_000

    /// A favorite change's payload around its seq, which only the database knows when the
    /// statement runs: `prefix + String(seq) + suffix` is `payload(.favorite(change), origin:)`.
    static func favoritePayload(listID: String, pokemonID: Int, isFavorite: Bool, userID: String, origin: String) -> (prefix: String, suffix: String) {
        ([origin, "fav", listID].joined(separator: "|") + "|", "|" + [String(pokemonID), isFavorite ? "1" : "0", userID].joined(separator: "|"))
    }

    /// The origin and event of a payload; nil for one this version does not know.
    static func parse(_ payload: String) -> (origin: String, event: StorageEvent)? {
        let fields = payload.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 3 else { return nil }
        let origin = fields[0], rest = Array(fields.dropFirst(2))
        let event: StorageEvent
        switch (fields[1], rest.count) {
        case ("fav", 5):
            guard let seq = Int(rest[1]), let pokemonID = Int(rest[2]) else { return nil }
            event = .favorite(FavoriteChange(listID: rest[0], seq: seq, pokemonID: pokemonID, isFavorite: rest[3] == "1", userID: rest[4]))
        case ("left", 3): event = .memberLeft(listID: rest[0], userID: rest[1], removed: rest[2] == "1")
        case ("joined", 2): event = .memberJoined(listID: rest[0], userID: rest[1])
        case ("invites", 1): event = .invitesChanged(listID: rest[0])
        case ("renamed", 1): event = .userRenamed(userID: rest[0])
        case ("presence", 1): event = .presenceChanged(userIDs: rest[0].split(separator: ",").map(String.init))
        case ("activity", 1): event = .activityChanged(listID: rest[0])
        case ("listRenamed", 1): event = .listRenamed(listID: rest[0])
        case ("listDeleted", 1): event = .listDeleted(listID: rest[0])
        case ("role", 2): event = .roleChanged(listID: rest[0], userID: rest[1])
        case ("signedout", 2): event = .signedOut(userID: rest[0], tokenHash: rest[1].isEmpty ? nil : rest[1])
        default: return nil
        }
        return (origin, event)
    }
}
