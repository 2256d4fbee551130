import PokedexModels
import PokemonClient
import Synchronization

/// The pages a client answered lately: a page equal to one of them is handed out as that one,
/// so the sessions showing the same page (thousands of idle ones on the first page) share its
/// rows instead of holding a copy each (see `IdentifiedArray`, which keeps a small array's
/// storage).
final class RecentPages: Sendable {
    /// Pages remembered, newest first.
    static let recentCount = 8

    private let recent = Mutex<[PokemonPage]>([])

    /// `page`, or an equal page handed out lately. A cheap field first: most pages that differ
    /// differ in their first row.
    func shared(_ page: PokemonPage) -> PokemonPage {
        recent.withLock { recent in
            if let index = recent.firstIndex(where: { $0.pokemon.first == page.pokemon.first && $0 == page }) {
                let found = recent.remove(at: index)
                recent.insert(found, at: 0)
                return found
            }
            recent.insert(page, at: 0)
            if recent.count > Self.recentCount { recent.removeLast() }
            return page
        }
    }

    /// `shared(page)` for a first page (at `offset` 0); any other as it is. Only a first page
    /// is worth sharing: it becomes the rows, where a page more is appended to the session's
    /// own rows, copied one by one, and looking it up cost every page more a lock and
    /// comparisons.
    func shared(_ page: PokemonPage, at offset: Int) -> PokemonPage {
        offset == 0 ? shared(page) : page
    }
}

extension PokemonClient {
    /// This client, handing out an equal first page as the one it answered lately (`RecentPages`).
    public func sharingRecentPages() -> PokemonClient {
        var client = self
        let recent = RecentPages()
        let fetchList = self.fetchList
        client.fetchList = { query, limit, offset in recent.shared(try await fetchList(query, limit, offset), at: offset) }
        if let pageInMemory = self.pageInMemory {
            client.pageInMemory = { query, limit, offset in pageInMemory(query, limit, offset).map { recent.shared($0, at: offset) } }
        }
        return client
    }
}
