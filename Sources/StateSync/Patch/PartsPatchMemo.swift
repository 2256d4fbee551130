import Synchronization

/// The patch that gives some top-level members of a state new values, remembered by what those
/// members were and became, with its operations already encoded.
///
/// A shared value's change reaches thousands of sessions whose states held the very same JSON
/// before it and are given the very same JSON after it (the server builds a favorites set's JSON
/// once for all of them), and each diffed and encoded the same patch again. As in
/// `ObjectDiffMemo`, identity stands for content: an entry holds both sides, so their storage
/// is never changed in place or reused for another value while it is kept.
public final class PartsPatchMemo: Sendable {
    /// A class, so that handing one to each of thousands of sessions retains one object.
    public final class Patch: Sendable {
        public let operations: [PatchOperation]
        /// `operations` as the JSON array a `patch` frame carries (`ServerMessage.patchFrame`).
        public let encodedOperations: [UInt8]

        init(_ operations: [PatchOperation]) {
            self.operations = operations
            var writer = JSONWriter(capacity: 64)
            writer.write(operations)
            encodedOperations = writer.bytes
        }
    }

    /// Distinct changes kept, the oldest replaced first: one fan-out needs one.
    static let capacity = 8
    private static let noChange = Patch([])

    private struct Change {
        let key: String
        let old: JSONValue?
        let new: JSONValue

        // Compared in place, without pairing the values in tuples: each copy retained values
        // that every member shares, from both service threads.
        func isSame(as other: Change) -> Bool {
            guard key == other.key, new.isIdentical(to: other.new) else { return false }
            guard let old else { return other.old == nil }
            guard let otherOld = other.old else { return false }
            return old.isIdentical(to: otherOld)
        }
    }

    private struct Entry {
        let changes: [Change]
        let patch: Patch
    }

    private let entries = Mutex(RecentRing<Entry>(capacity: capacity))

    public init() {}

    /// `JSONPatch.diff(from: old, changing: parts)`, encoded: remembered, or made and remembered.
    public func patch(from old: JSONObject, changing parts: [(key: String, value: JSONValue)]) -> Patch {
        // A part that is the same storage as before changes nothing. It is left out of the key:
        // sessions whose other parts differ (each session has its own) still share the entry.
        var changes: [Change] = []
        for (key, value) in parts {
            let previous = old[key]
            if let previous, previous.isIdentical(to: value) { continue }
            changes.append(Change(key: key, old: previous, new: value))
        }
        guard !changes.isEmpty else { return Self.noChange }
        let known = entries.withLock { entries -> Patch? in
            for index in entries.elements.indices where Self.matches(entries.elements[index].changes, changes) {
                return entries.elements[index].patch
            }
            return nil
        }
        if let known { return known }
        let patch = Patch(JSONPatch.diff(from: old, changing: changes.map { ($0.key, $0.new) }))
        entries.withLock { $0.insert(Entry(changes: changes, patch: patch)) }
        return patch
    }

    private static func matches(_ known: [Change], _ changes: [Change]) -> Bool {
        guard known.count == changes.count else { return false }
        for index in known.indices where !known[index].isSame(as: changes[index]) { return false }
        return true
    }
}

extension JSONValue {
    /// True when both are the same object or array storage, or equal scalars: a cheap test
    /// that is true only for equal values.
    func isIdentical(to other: JSONValue) -> Bool {
        switch self {
        case .object(let left):
            guard case .object(let right) = other else { return false }
            return left.sharesStorage(with: right)
        case .array(let left):
            guard case .array(let right) = other else { return false }
            return left.sharesStorage(with: right)
        default:
            return self == other
        }
    }
}
