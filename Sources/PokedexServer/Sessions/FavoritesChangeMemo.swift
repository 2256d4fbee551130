import Composable
import StateSync
import Synchronization

/// What the sessions of one executor (a service thread) share of the latest favorites change
/// they take without the observer (`FavoritesOnlyChange`): the favorites' value and JSON by
/// their box's version, and the patch from the part a member has to the new one. Every member
/// of a fan-out asks the same; asked here, without a lock, they no longer each take the
/// favorites box's lock, `FavoritesJSONCache`'s and `PartsPatchMemo`'s (locks both service
/// threads write in turn, for every member) for the answer the first member of the thread got.
///
/// Used on its executor only, where its sessions' Stores run (docs/INTERNALS.md, "A
/// favorites-only change's answers, once per service thread"): one for each executor
/// (`SessionContext.favoritesChanges`, a `PerExecutor`), so no two threads share one. A
/// version names one box's value, and the memo holds both sides of the patch it keeps, so
/// what it compares is never another value's.
final class FavoritesChangeMemo: @unchecked Sendable {
    private let executor: any StoreExecutor
    private let favoritesJSON: FavoritesJSONCache
    private let patches: PartsPatchMemo

    /// The favorites last read: their version (`Shared.version`, which names one box's value),
    /// the value and its JSON. Apart, not one optional tuple: binding that copied it for every
    /// member, retaining and releasing what it held.
    private var favoritesVersion = -1
    private var favoritesIDs: Set<Int> = []
    private var favoritesValue: JSONValue = .null
    /// The last patch found for a change of the favorites part, and what the part was and
    /// became (nil: none yet).
    private var patchFound: PartsPatchMemo.Patch?
    private var patchOld: JSONValue = .null
    private var patchNew: JSONValue = .null

    init(executor: any StoreExecutor, favoritesJSON: FavoritesJSONCache, patches: PartsPatchMemo) {
        self.executor = executor
        self.favoritesJSON = favoritesJSON
        self.patches = patches
    }

    /// The value of `shared` and its JSON (`FavoritesJSONCache`'s), as the box holds them now.
    func favorites(of shared: Shared<Set<Int>>) -> (ids: Set<Int>, json: JSONValue) {
        assert(executor.isCurrent, "a FavoritesChangeMemo is used on its executor only")
        if favoritesVersion == shared.version { return (favoritesIDs, favoritesValue) }
        let (ids, version) = shared.versionedValue
        let json = favoritesJSON.json(for: ids)
        (favoritesVersion, favoritesIDs, favoritesValue) = (version, ids, json)
        return (ids, json)
    }

    /// The top-level part the favorites are (`SessionProjection`'s), whose patches it keeps.
    static let part = "favorites"

    /// `PartsPatchMemo.patch(changing: [(part, new)])` from `old`, the favorites part the
    /// browser has.
    func patch(from old: JSONValue?, to new: JSONValue) -> PartsPatchMemo.Patch {
        assert(executor.isCurrent, "a FavoritesChangeMemo is used on its executor only")
        if let patchFound, let old, old.isIdentical(to: patchOld), new.isIdentical(to: patchNew) { return patchFound }
        let found = patches.patch(changing: [(Self.part, new)]) { $0 == Self.part ? old : nil }
        // A part the same as before changes nothing and is not worth keeping.
        if let old, !old.isIdentical(to: new) { (patchFound, patchOld, patchNew) = (found, old, new) }
        return found
    }
}
