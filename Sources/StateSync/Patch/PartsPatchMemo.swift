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
    public struct Patch: Sendable {
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

    private struct Change {
        let key: String
        let old: JSONValue?
        let new: JSONValue

        func isSame(as other: Change) -> Bool {
            guard key == other.key, new.isIdentical(to: other.new) else { return false }
            switch (old, other.old) {
            case (nil, nil): return true
            case let (old?, otherOld?): return old.isIdentical(to: otherOld)
            default: return false
            }
        }
    }

    private struct Entry {
        let changes: [Change]
        let patch: Patch
    }

    private let entries = Mutex<(list: [Entry], next: Int)>(([], 0))

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
        guard !changes.isEmpty else { return Patch([]) }
        let known = entries.withLock { entries in
            entries.list.first { entry in
                entry.changes.count == changes.count && zip(entry.changes, changes).allSatisfy { $0.isSame(as: $1) }
            }?.patch
        }
        if let known { return known }
        let patch = Patch(JSONPatch.diff(from: old, changing: changes.map { ($0.key, $0.new) }))
        entries.withLock { entries in
            let entry = Entry(changes: changes, patch: patch)
            if entries.list.count < Self.capacity {
                entries.list.append(entry)
            } else {
                entries.list[entries.next] = entry
                entries.next = (entries.next + 1) % Self.capacity
            }
        }
        return patch
    }
}

extension JSONValue {
    /// True when both are the same object or array storage, or equal scalars: a cheap test
    /// that is true only for equal values.
    func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case let (.object(left), .object(right)): left.sharesStorage(with: right)
        case let (.array(left), .array(right)): left.sharesStorage(with: right)
        case (.object, _), (.array, _), (_, .object), (_, .array): false
        default: self == other
        }
    }
}
