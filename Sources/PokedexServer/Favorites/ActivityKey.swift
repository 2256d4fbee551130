import Composable
import PokedexModels
import Storage
import WebSocketServer

/// A list's attribution (who added each favorite, when) and latest events, for the Favorites
/// views that show it. Read-only: reloaded by the hub (throttled per list) whenever the change
/// feed brings one of the list's events, from this process or another; nobody else holds it,
/// so a star's fan-out to sessions showing only star buttons carries none of it.
struct ActivityKey: SharedKey {
    let listID: String
    let hub: FavoritesHub

    static let keyPrefix = "activity:"
    static func keyID(_ listID: String) -> String { keyPrefix + listID }
    var id: String { Self.keyID(listID) }

    /// Nil on a service thread, which may not block (a Favorites view opening): `subscribe`
    /// then reads it off the thread.
    func load() -> ListActivity? {
        ServiceThreads.isCurrent ? nil : read()
    }

    /// The activity as last read since the list's last refresh, or from storage.
    private func read() -> ListActivity? {
        hub.live.activityReads.value(list: listID, read: readFromStorage)
    }

    private func readFromStorage() -> ListActivity? {
        let repository = hub.repository
        return hub.reading("activity", of: listID) { () -> ListActivity? in
            guard let list = try repository.list(id: listID) else { return nil }
            return ListActivity(
                additions: try repository.favoriteAdditions(ofList: listID, as: list.ownerID),
                events: try repository.activity(ofList: listID, as: list.ownerID, limit: ListActivity.shownEvents))
        } ?? nil
    }

    func save(_ value: ListActivity, previous: ListActivity) throws {
        throw FavoritesError.forbidden
    }

    func subscribe(_ onChange: @escaping @Sendable (ListActivity) -> Void) -> SharedKeySubscription {
        hub.live.subscription(id, readingOffServiceThreads: read, onChange)
    }
}
