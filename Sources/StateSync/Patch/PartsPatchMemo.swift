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

    /// One member of the state that changed: a top-level part, or a member of one (`member`).
    private struct Change {
        let key: String
        let member: String?
        let old: JSONValue?
        /// Nil: the member is gone.
        let new: JSONValue?

        // Compared in place, without pairing the values in tuples: each copy retained values
        // that every member shares, from both service threads.
        func isSame(as other: Change) -> Bool {
            guard key == other.key, member == other.member else { return false }
            return Self.isSame(new, other.new) && Self.isSame(old, other.old)
        }

        private static func isSame(_ value: JSONValue?, _ other: JSONValue?) -> Bool {
            guard let value else { return other == nil }
            guard let other else { return false }
            return value.isIdentical(to: other)
        }
    }

    private struct Entry {
        let changes: [Change]
        let patch: Patch
    }

    private let entries = Mutex(RecentRing<Entry>(capacity: capacity))

    /// Parts that are each session's own but hold members every session shares (a session's
    /// `lists`: its own lists beside a roster page and the latest events): keyed by their
    /// changed members, a push that changed only shared ones is one entry for all sessions.
    /// Other parts are keyed whole, by storage (a favorites set is one value for all).
    private let keyedByMembers: Set<String>

    public init(keyedByMembers: Set<String> = []) {
        self.keyedByMembers = keyedByMembers
    }

    /// `JSONPatch.diff(from: old, changing: parts)`, encoded: remembered, or made and remembered.
    public func patch(from old: JSONObject, changing parts: [(key: String, value: JSONValue)]) -> Patch {
        // A part that is the same storage as before changes nothing. It is left out of the key:
        // sessions whose other parts differ (each session has its own) still share the entry.
        var changes: [Change] = []
        for (key, value) in parts {
            let previous = old[key]
            if let previous, previous.isIdentical(to: value) { continue }
            if keyedByMembers.contains(key), case .object(let before)? = previous, case .object(let after) = value {
                Self.appendChanges(of: key, from: before, to: after, to: &changes)
            } else {
                changes.append(Change(key: key, member: nil, old: previous, new: value))
            }
        }
        guard !changes.isEmpty else { return Self.noChange }
        let known = entries.withLock { entries -> Patch? in
            for index in entries.elements.indices where Self.matches(entries.elements[index].changes, changes) {
                return entries.elements[index].patch
            }
            return nil
        }
        if let known { return known }
        var differ = Differ()
        for change in changes {
            if let member = change.member {
                differ.diff(member: member, of: change.key, from: change.old, to: change.new)
            } else {
                differ.diff(member: change.key, from: change.old, to: change.new)
            }
        }
        let patch = Patch(differ.operations)
        entries.withLock { $0.insert(Entry(changes: changes, patch: patch)) }
        return patch
    }

    /// The members of a part that changed. A member each session builds anew (its own lists)
    /// is compared by value: only the members that really changed may key the entry, or no two
    /// sessions would share it.
    private static func appendChanges(of key: String, from before: JSONObject, to after: JSONObject, to changes: inout [Change]) {
        for member in after {
            let previous = before[member.key]
            if let previous, previous.isIdentical(to: member.value) || previous == member.value { continue }
            changes.append(Change(key: key, member: member.key, old: previous, new: member.value))
        }
        for member in before where after.position(of: member.key) == nil {
            changes.append(Change(key: key, member: member.key, old: member.value, new: nil))
        }
    }

    private static func matches(_ known: [Change], _ changes: [Change]) -> Bool {
        guard known.count == changes.count else { return false }
        for index in known.indices where !known[index].isSame(as: changes[index]) { return false }
        return true
    }
}

extension JSONValue {
    /// True when both are the same object or array storage, both empty, or equal scalars: a
    /// cheap test that is true only for equal values.
    func isIdentical(to other: JSONValue) -> Bool {
        switch self {
        case .object(let left):
            guard case .object(let right) = other else { return false }
            return left.sharesStorage(with: right) || (left.isEmpty && right.isEmpty)
        case .array(let left):
            guard case .array(let right) = other else { return false }
            return left.sharesStorage(with: right) || (left.isEmpty && right.isEmpty)
        default:
            return self == other
        }
    }
}
