import Foundation
import PokedexModels
import Storage

/// Writes: intents run on the storage queue (never on a service thread), or queued for the
/// cluster's batches; each tells its `committed` when the session's ack may go (see
/// `SessionWriter.Commit`), and its events are applied here once committed.
extension FavoritesHub {
    /// Commits a star's intent, then applies the committed change (the feed brings other
    /// processes' changes the same way); `committed` is told what it was first (see
    /// `PendingAcks`: the ack waits for the patch showing the change).
    func setFavorite(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String? = nil,
        committed: @escaping @Sendable (SessionWriter.Commit) -> Void
    ) async throws {
        let repository = self.repository
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let submit: @Sendable () -> Void = {
                repository.setFavorite(list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, key: key) { outcome in
                    switch outcome {
                    case let .success(change):
                        if let change {
                            // Owed before the change is applied: the ack then rides the very
                            // patch that shows it, and no patch before that.
                            committed(.star(PendingAcks.ListSeq(listID: change.listID, seq: change.seq)))
                            self.apply(.favorite(change))
                        } else {
                            committed(.unchanged)
                        }
                        continuation.resume()
                    case let .failure(error):
                        continuation.resume(throwing: error)
                    }
                }
            }
            // A store that settles later only queues the star: no storage thread waits for it.
            if repository.settlesFavoritesLater { submit() } else { storage.async(submit) }
        }
    }

    /// Joins a list through an invite: the quotas are checked on the storage queue, then the
    /// join is queued for the store's next batch, and no thread waits for its commit (a join
    /// storm held every storage thread otherwise, and the hellos queued behind them).
    func join(code: String, user userID: String, committed: @escaping @Sendable (SessionWriter.Commit) -> Void) async throws -> ListSummary {
        let (repository, quota, storage) = (self.repository, self.quota, self.storage)
        if quota.checksJoins { try await storage.run { try quota.checkJoin(code: code, user: userID, repository) } }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ListSummary, any Error>) in
            let accept: @Sendable () -> Void = {
                repository.acceptInvite(code: code, user: userID) { outcome in
                    guard case let .success(joined) = outcome else { return continuation.resume(with: outcome) }
                    // Applying may reload rosters (blocking reads): on the storage queue.
                    storage.async {
                        self.applyJoin(joined, user: userID)
                        committed(.other)
                        continuation.resume(returning: joined)
                    }
                }
            }
            if repository.settlesFavoritesLater { accept() } else { storage.async(accept) }
        }
    }

    /// Runs a write on the storage queue; the events it committed are applied here, and
    /// `committed` runs (before them for a star, after them otherwise). In cluster mode
    /// storage also announces them to the other processes, in the write's own transaction.
    func write<T: Sendable>(
        committed: @escaping @Sendable (SessionWriter.Commit) -> Void,
        _ body: @escaping @Sendable (any ListStore) throws -> (T, [StorageEvent])
    ) async throws -> T {
        let repository = self.repository
        return try await storage.run {
            let (result, events) = try body(repository)
            // An undo is a star: its ack is owed first, and rides the patch that shows it.
            let star = events.lazy.compactMap { event -> FavoriteChange? in
                if case let .favorite(change) = event { change } else { nil }
            }.last
            if let star { committed(.star(PendingAcks.ListSeq(listID: star.listID, seq: star.seq))) }
            for event in events { self.apply(event) }
            if star == nil { committed(.other) }
            return result
        }
    }
}
