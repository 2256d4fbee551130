/// A committed change to a list's favorites, as the change feed carries it: the list's
/// sequence number after the change (assigned in the change's own transaction, so numbers
/// follow commit order) and what changed.
public struct FavoriteChange: Sendable, Equatable, Codable {
    public let listID: String
    public let seq: Int
    public let pokemonID: Int
    public let isFavorite: Bool
    /// The user who made the change.
    public let userID: String

    public init(listID: String, seq: Int, pokemonID: Int, isFavorite: Bool, userID: String) {
        self.listID = listID
        self.seq = seq
        self.pokemonID = pokemonID
        self.isFavorite = isFavorite
        self.userID = userID
    }
}

/// A list's favorites as of one sequence number: what a process loads before applying the
/// changes that come after it.
public struct FavoritesSnapshot: Sendable, Equatable {
    public var ids: Set<Int>
    public var seq: Int

    public init(ids: Set<Int>, seq: Int) {
        self.ids = ids
        self.seq = seq
    }
}
