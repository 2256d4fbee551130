/// What the Favorites view shows about a list beyond its stars: who added each favorite and
/// when, and the latest events of its activity log. Held only while the view is open, so a
/// star reaching a member who shows only star buttons carries none of it.
public struct ListActivity: Equatable, Hashable, Sendable {
    /// How many events the view shows: the latest screenful (each open view carries them, and
    /// every push while open shifts them).
    public static let shownEvents = 20

    /// Who added each favorite and when, by Pokémon id.
    public var additions: [Int: FavoriteAddition]
    /// The latest events, newest first.
    public var events: [ListEvent]

    public init(additions: [Int: FavoriteAddition] = [:], events: [ListEvent] = []) {
        self.additions = additions
        self.events = events
    }
}

/// Who made a Pokémon a favorite of a list, and when.
public struct FavoriteAddition: Equatable, Hashable, Sendable {
    /// Nil once that user is deleted.
    public var addedBy: User?
    /// Milliseconds since the epoch.
    public var addedAt: Int64

    public init(addedBy: User?, addedAt: Int64) {
        self.addedBy = addedBy
        self.addedAt = addedAt
    }
}

/// What an undo did: the star event it reverted and the opposite intent it set.
public struct UndoneStar: Equatable, Sendable {
    /// The reverted event's id.
    public var eventID: Int64
    public var pokemonID: Int
    /// The star's state after the undo.
    public var isFavorite: Bool

    public init(eventID: Int64, pokemonID: Int, isFavorite: Bool) {
        self.eventID = eventID
        self.pokemonID = pokemonID
        self.isFavorite = isFavorite
    }
}
