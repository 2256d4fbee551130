import PokedexModels

/// The keys of the actions a user's stars applied (`ListStore.setFavorite(…key:)`): a browser
/// replays an intent it has no ack for with its key, and a key already applied changes nothing.
/// Kept per user in both databases, written in the star's own transaction.
public enum AppliedKeys {
    /// Keys kept per user: the newest, older ones are deleted as new ones come. A browser
    /// replays only the intents it sent since its last ack, far fewer.
    public static let kept = 100
}

/// What `ListStore.undo` did: the event it reverted and the star's intent it set, with the
/// committed change (nil when the star already was that way; the undo is logged either way).
public struct StarUndo: Sendable, Equatable {
    public var undone: UndoneStar
    public var change: FavoriteChange?

    public init(undone: UndoneStar, change: FavoriteChange?) {
        self.undone = undone
        self.change = change
    }
}
