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
        /// The patch's frame without an ack, but for its seq, and where the seq goes
        /// (`ServerMessage.patchFrameWithoutSeq`): what every member it reaches is sent.
        public let frameWithoutSeq: [UInt8]
        public let seqOffset: Int

        init(_ operations: [PatchOperation]) {
            self.operations = operations
            var writer = JSONWriter(capacity: 64)
            writer.write(operations)
            encodedOperations = writer.bytes
            (frameWithoutSeq, seqOffset) = ServerMessage.patchFrameWithoutSeq(encodedOperations: encodedOperations)
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
    }

    /// What an entry is found by: a change's place and the identities of its two sides, with no
    /// value in it. Comparing or copying it retains nothing, where copying a `Change` retained
    /// the JSON that every member of a fan-out shares, on each member, from both service threads.
    private struct ChangeIdentity: Equatable {
        let key: String
        let member: String?
        let old: ValueIdentity
        let new: ValueIdentity
    }

    /// A value as `JSONValue.isIdentical(to:)` compares it: its storage's address when it has
    /// storage, else the scalar itself.
    private enum ValueIdentity: Equatable {
        case absent
        /// The address of the storage (an integer: identities are kept across threads).
        case storage(UInt)
        case emptyObject
        case emptyArray
        case scalar(JSONValue)

        init(_ value: JSONValue?) {
            switch value {
            case nil: self = .absent
            case .object(let object)?: self = object.storageAddress.map { .storage(UInt(bitPattern: $0)) } ?? .emptyObject
            case .array(let array)?: self = array.storageAddress.map { .storage(UInt(bitPattern: $0)) } ?? .emptyArray
            case let scalar?: self = .scalar(scalar)
            }
        }
    }

    private struct Entry {
        let identities: [ChangeIdentity]
        /// Both sides of every change, kept so that no storage an identity names is freed and
        /// reused for another value while the entry is kept.
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
        patch(changing: parts) { old[$0] }
    }

    /// The same, for a state whose top-level parts `previous` gives by key (nil: absent).
    public func patch(changing parts: [(key: String, value: JSONValue)], previous: (String) -> JSONValue?) -> Patch {
        if parts.count == 1, let known = knownPatch(changing: parts[0], previous: previous) { return known }
        // Found by identities alone: a member's lookup then retains none of the values (the
        // changes' values are gathered only to make a patch not seen yet).
        var identities: [ChangeIdentity] = []
        forEachChange(changing: parts, previous: previous) { key, member, old, new in
            identities.append(ChangeIdentity(key: key, member: member, old: ValueIdentity(old), new: ValueIdentity(new)))
        }
        guard !identities.isEmpty else { return Self.noChange }
        let known = entries.withLock { entries -> Patch? in
            for index in entries.elements.indices where entries.elements[index].identities == identities {
                return entries.elements[index].patch
            }
            return nil
        }
        if let known { return known }
        var changes: [Change] = []
        var differ = Differ()
        forEachChange(changing: parts, previous: previous) { key, member, old, new in
            changes.append(Change(key: key, member: member, old: old, new: new))
            if let member {
                differ.diff(member: member, of: key, from: old, to: new)
            } else {
                differ.diff(member: key, from: old, to: new)
            }
        }
        let patch = Patch(differ.operations)
        entries.withLock { $0.insert(Entry(identities: identities, changes: changes, patch: patch)) }
        return patch
    }

    /// The patch of one part keyed whole (a star's favorites: a fan-out's every member), when
    /// it changes nothing or is remembered, found without the array of identities the general
    /// lookup builds (an allocation and its release for every member). Nil: not known.
    private func knownPatch(changing part: (key: String, value: JSONValue), previous: (String) -> JSONValue?) -> Patch? {
        guard !keyedByMembers.contains(part.key) else { return nil }
        let old = previous(part.key)
        if let old, old.isIdentical(to: part.value) { return Self.noChange }
        let identity = ChangeIdentity(key: part.key, member: nil, old: ValueIdentity(old), new: ValueIdentity(part.value))
        return entries.withLock { entries -> Patch? in
            // Read in place: binding an entry's identities retained and released them.
            for index in entries.elements.indices
            where entries.elements[index].identities.count == 1 && entries.elements[index].identities[0] == identity {
                return entries.elements[index].patch
            }
            return nil
        }
    }

    /// Calls `body` with each change, in order: each part that is not the same storage as
    /// before or, in a part keyed by members, each member that changed. A part that is the same
    /// storage changes nothing and is left out, so sessions whose other parts differ (each
    /// session has its own) still share the entry.
    private func forEachChange(
        changing parts: [(key: String, value: JSONValue)], previous: (String) -> JSONValue?,
        _ body: (_ key: String, _ member: String?, _ old: JSONValue?, _ new: JSONValue?) -> Void
    ) {
        for part in parts {
            let old = previous(part.key)
            if let old, old.isIdentical(to: part.value) { continue }
            if keyedByMembers.contains(part.key), case .object(let before)? = old, case .object(let after) = part.value {
                Self.forEachChangedMember(from: before, to: after) { body(part.key, $0, $1, $2) }
            } else {
                body(part.key, nil, old, part.value)
            }
        }
    }

    /// The members of a part that changed. A member each session builds anew (its own lists)
    /// is compared by value: only the members that really changed may key the entry, or no two
    /// sessions would share it.
    private static func forEachChangedMember(
        from before: JSONObject, to after: JSONObject, _ body: (_ member: String, _ old: JSONValue?, _ new: JSONValue?) -> Void
    ) {
        for member in after.members {
            let previous = before[member.key]
            if let previous, previous.isIdentical(to: member.value) || previous == member.value { continue }
            body(member.key, previous, member.value)
        }
        for member in before.members where after.position(of: member.key) == nil {
            body(member.key, member.value, nil)
        }
    }
}

extension JSONValue {
    /// True when both are the same object or array storage, both empty, or equal scalars: a
    /// cheap test that is true only for equal values.
    package func isIdentical(to other: JSONValue) -> Bool {
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
