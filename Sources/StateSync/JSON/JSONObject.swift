/// An ordered JSON object: members in insertion order, looked up linearly while small and
/// through a key index once it grows past `indexThreshold` members (e.g. a large favorites set).
public struct JSONObject: Sendable {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
    }

    static let indexThreshold = 12

    public private(set) var members: [Member] = []
    private var index: [String: Int]?

    public init() {}

    /// Members whose keys are known to be unique (checked in debug builds). Unlike a
    /// dictionary literal, builds no array of pairs to copy the members out of and free.
    public init(members: [Member]) {
        assert(Set(members.map(\.key)).count == members.count, "duplicate key in JSON object")
        self.members = members
        rebuildIndex()
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// The position of `key` in `members`.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The position of `key`, looked for first at `likely`: for a caller whose objects keep
    /// their members in a fixed order, one key compared on one cache line, where the search
    /// compared the keys before it (on memory of their own).
    public func position(of key: String, likelyAt likely: Int) -> Int? {
        if likely >= 0, likely < members.count, members[likely].key == key { return likely }
        return position(of: key)
    }

    /// Room for `count` members before the next growth (the parser's first guess at an object).
    mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    /// Replaces the value of the member at `position`.
    public mutating func setValue(_ value: JSONValue, at position: Int) {
        members[position].value = value
    }

    /// The value for `key`; setting `nil` removes the key, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// Sets `value` for `key` and returns the previous value, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = position(of: key) {
            let old = members[position].value
            members[position].value = value
            return old
        }
        members.append(Member(key: key, value: value))
        if index != nil {
            index![key] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildIndex()
        }
        return nil
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        let removed = members.remove(at: position).value
        if index != nil {
            if members.count > Self.indexThreshold {
                index!.removeValue(forKey: key)
                // The members after it moved down one. Mapping the values keeps the table's
                // layout, so no key is hashed again (a rebuild hashed them all, per unstar).
                index = index!.mapValues { $0 > position ? $0 - 1 : $0 }
            } else {
                index = nil
            }
        }
        return removed
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexThreshold else { index = nil; return }
        var built = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { built[member.key] = position }
        index = built
    }

    /// The address of the member buffer of a non-empty object (see `Array.storageAddress`).
    var storageAddress: UnsafeRawPointer? { members.storageAddress }

    /// True when both objects are the same member buffer.
    func sharesStorage(with other: JSONObject) -> Bool {
        members.sharesStorage(with: other.members)
    }
}

extension JSONObject.Member {
    public init(_ key: String, _ value: JSONValue) {
        self.init(key: key, value: value)
    }
}

extension JSONObject: Equatable {
    /// Same keys with equal values, in any order. Members in the same order are compared
    /// pairwise first; the first key that differs in position falls back to lookups.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.sharesStorage(with: rhs) { return true }
        for position in lhs.members.indices {
            let left = lhs.members[position], right = rhs.members[position]
            if left.key == right.key {
                guard left.value == right.value else { return false }
                continue
            }
            for member in lhs.members[position...] {
                guard let value = rhs[member.key], value == member.value else { return false }
            }
            return true
        }
        return true
    }
}

extension JSONObject: Sequence {
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}

extension JSONObject {
    /// Changes the value at `position` in place (used by patch application).
    mutating func modifyValue<Failure: Error>(at position: Int, _ body: (inout JSONValue) throws(Failure) -> Void) throws(Failure) {
        try body(&members[position].value)
    }
}
