import Synchronization

/// The last few diffs between large objects, by the identity of both sides' member storage.
///
/// A change to a shared value reaches thousands of sessions whose states hold the very same two
/// objects (the server builds a favorites set's JSON once for all of them), and each session
/// diffed them again. Identity stands for content here: an entry holds both objects, so their
/// storage is never uniquely referenced and cannot be changed in place or reused for another
/// value while it is kept.
final class ObjectDiffMemo: Sendable {
    static let shared = ObjectDiffMemo()

    /// Smaller objects are diffed directly: the walk costs less than a lookup.
    static let minimumCount = 32
    /// Distinct pairs kept, the oldest replaced first: one fan-out needs one pair.
    static let capacity = 8

    private struct Entry {
        var old: JSONObject
        var new: JSONObject
        /// Operations with paths relative to the object.
        var operations: [PatchOperation]
    }

    private let entries = Mutex(RecentRing<Entry>(capacity: capacity))

    /// The operations from `old` to `new`, paths relative to them: remembered, or `compute`d
    /// and remembered.
    func operations(from old: JSONObject, to new: JSONObject, compute: () -> [PatchOperation]) -> [PatchOperation] {
        let known = entries.withLock { entries in
            entries.elements.first { $0.old.sharesStorage(with: old) && $0.new.sharesStorage(with: new) }?.operations
        }
        if let known { return known }
        let operations = compute()
        entries.withLock { $0.insert(Entry(old: old, new: new, operations: operations)) }
        return operations
    }
}

extension PatchOperation {
    /// The same operation at `prefix` followed by its path.
    func prefixed(with prefix: String) -> PatchOperation {
        guard !prefix.isEmpty else { return self }
        switch self {
        case let .add(path, value): return .add(path: prefix + path, value: value)
        case let .remove(path): return .remove(path: prefix + path)
        case let .replace(path, value): return .replace(path: prefix + path, value: value)
        case let .test(path, value): return .test(path: prefix + path, value: value)
        }
    }
}
