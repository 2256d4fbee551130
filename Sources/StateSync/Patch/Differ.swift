/// The recursive walk behind `JSONPatch.diff`: keeps the current path as tokens and renders a
/// pointer only when an operation is emitted, so unchanged subtrees cost one comparison per leaf.
struct Differ {
    enum PathToken {
        case key(String)
        case index(Int)
    }

    private(set) var operations: [PatchOperation] = []
    private var path: [PathToken] = []

    mutating func diff(_ old: JSONValue, _ new: JSONValue) {
        switch old {
        case .object(let oldObject):
            guard case .object(let newObject) = new else { break }
            if oldObject.sharesStorage(with: newObject) { return }
            if oldObject.count >= ObjectDiffMemo.minimumCount, newObject.count >= ObjectDiffMemo.minimumCount {
                diffRemembered(oldObject, newObject)
            } else {
                diffObjects(oldObject, newObject)
            }
            return
        case .array(let oldElements):
            guard case .array(let newElements) = new else { break }
            if !oldElements.sharesStorage(with: newElements) { diffArrays(oldElements, newElements) }
            return
        default:
            break
        }
        if old != new { operations.append(.replace(path: pointer(), value: new)) }
    }

    /// The members of `old` that `changes` name, against their new values; the other members
    /// are not looked at.
    mutating func diff(_ old: JSONObject, changing changes: [(key: String, value: JSONValue)]) {
        for (key, value) in changes { diff(member: key, from: old[key], to: value) }
    }

    /// The member `key` of the root (or of the root's object member `parent`) going from `old`
    /// to `new`, where nil is absent.
    mutating func diff(member key: String, of parent: String? = nil, from old: JSONValue?, to new: JSONValue?) {
        if let parent { path.append(.key(parent)) }
        defer { if parent != nil { path.removeLast() } }
        if let old, let new {
            // Walked at once, not first compared whole: a member named as changed nearly
            // always is, and the comparison walked it up to its first difference before the
            // walk did again. Equal values give no operations either way.
            if old.isContainer, new.isContainer {
                path.append(.key(key))
                diff(old, new)
                path.removeLast()
            } else if old != new {
                operations.append(.replace(path: pointer(appending: .key(key)), value: new))
            }
        } else if let new {
            operations.append(.add(path: pointer(appending: .key(key)), value: new))
        } else if old != nil {
            operations.append(.remove(path: pointer(appending: .key(key))))
        }
    }

    /// A large object's diff, through `ObjectDiffMemo`: computed from the object's own root
    /// once, then placed at the current path.
    private mutating func diffRemembered(_ old: JSONObject, _ new: JSONObject) {
        let relative = ObjectDiffMemo.shared.operations(from: old, to: new) {
            var differ = Differ()
            differ.diffObjects(old, new)
            return differ.operations
        }
        let prefix = pointer()
        operations.append(contentsOf: relative.map { $0.prefixed(with: prefix) })
    }

    private mutating func diffObjects(_ old: JSONObject, _ new: JSONObject) {
        // Members usually keep their order: walk both while keys line up, stepping over a key
        // only one side has (a star added to or removed from a sorted favorites object), and
        // look up whatever is left. Keys before the cursors are matched or gone for good, so
        // the lookups below need not look back.
        var oldAt = 0, newAt = 0
        while oldAt < old.count, newAt < new.count {
            let oldMember = old.members[oldAt], newMember = new.members[newAt]
            if oldMember.key == newMember.key {
                diff(oldMember.value, newMember.value, key: oldMember.key)
                oldAt += 1
                newAt += 1
            } else if newAt + 1 < new.count, new.members[newAt + 1].key == oldMember.key, old.position(of: newMember.key) == nil {
                operations.append(.add(path: pointer(appending: .key(newMember.key)), value: newMember.value))
                newAt += 1
            } else if oldAt + 1 < old.count, old.members[oldAt + 1].key == newMember.key, new.position(of: oldMember.key) == nil {
                operations.append(.remove(path: pointer(appending: .key(oldMember.key))))
                oldAt += 1
            } else {
                break
            }
        }
        for member in old.members[oldAt...] where new.position(of: member.key) == nil {
            operations.append(.remove(path: pointer(appending: .key(member.key))))
        }
        for member in new.members[newAt...] {
            if let previous = old[member.key] {
                diff(previous, member.value, key: member.key)
            } else {
                operations.append(.add(path: pointer(appending: .key(member.key)), value: member.value))
            }
        }
    }

    private mutating func diffArrays(_ old: [JSONValue], _ new: [JSONValue]) {
        let start = operations.count
        if let rows = RowMatch(old: old, new: new) {
            let path = pointer()
            if Self.replaceIsSmaller(old, new, rows, path: path) {
                let replacement = PatchOperation.replace(path: path, value: .array(new))
                assert(slowRowsDiff(old, new, rows) == [replacement], "a rows' replace known smaller is the diff's")
                operations.append(replacement)
                return
            }
            diffRows(old, new, rows)
        } else {
            diffPositions(old, new)
        }
        replaceIfSmaller(since: start, with: new)
    }

    /// Whether `diffRows` followed by `replaceIfSmaller` gives one `replace` of the array at
    /// `path`, known without making the operations: when every surviving row is unchanged,
    /// the operations are a `remove` per row gone and an `add` per row new, and the added
    /// rows count on both sides, so only the paths, the indices and the surviving rows are
    /// counted. A search's results replace a page of rows this way, and making the operations
    /// (a path string each) to count them, then dropping them, was most of such a diff.
    /// False when not known so (a surviving row changed, a single operation): the caller then
    /// diffs them as before.
    private static func replaceIsSmaller(_ old: [JSONValue], _ new: [JSONValue], _ rows: RowMatch, path: String) -> Bool {
        let removed = rows.removedOldIndices.count, added = new.count - rows.survivingOldIndices.count
        guard removed + added >= 2 else { return false }
        let quotedPath = JSONSize.quotedLength(path)
        // The operations' length less one (`replaceIfSmaller` wants the replace shorter) and
        // less the added rows, which the replace holds too: brackets, commas and each one's
        // envelope, path (`path/index`) and, for an add, `"value":`.
        var operationsLength = removed + added
        for index in rows.removedOldIndices { operationsLength += 24 + quotedPath + JSONSize.digitCount(index) }
        // The replace's length less the added rows: envelope, path, brackets and commas.
        let replaceLength = 35 + quotedPath + max(new.count - 1, 0)
        var survivorsLimit = 0
        var survivors = rows.survivingOldIndices.makeIterator()
        var surviving: [(old: Int, new: Int)] = []
        surviving.reserveCapacity(rows.survivingOldIndices.count)
        for index in new.indices {
            if rows.isSurviving(newIndex: index), let oldIndex = survivors.next() {
                surviving.append((oldIndex, index))
            } else {
                operationsLength += 30 + quotedPath + JSONSize.digitCount(index)
            }
        }
        survivorsLimit = operationsLength - replaceLength
        guard survivorsLimit >= 0 else { return false }
        for pair in surviving {
            // A changed survivor has operations of its own: not counted here.
            guard old[pair.old] == new[pair.new],
                  let length = JSONSize.encodedLength(of: new[pair.new], limit: survivorsLimit)
            else { return false }
            survivorsLimit -= length
        }
        return true
    }

    /// `diffRows` then `replaceIfSmaller` from an empty list, for the assertion above.
    private func slowRowsDiff(_ old: [JSONValue], _ new: [JSONValue], _ rows: RowMatch) -> [PatchOperation] {
        var differ = Differ()
        differ.path = path
        differ.diffRows(old, new, rows)
        differ.replaceIfSmaller(since: 0, with: new)
        return differ.operations
    }

    /// Element-wise over the common length, then trailing removes (highest index first) or adds.
    private mutating func diffPositions(_ old: [JSONValue], _ new: [JSONValue]) {
        for index in (new.count..<max(old.count, new.count)).reversed() {
            operations.append(.remove(path: pointer(appending: .index(index))))
        }
        for index in 0..<min(old.count, new.count) {
            diff(old[index], new[index], index: index)
        }
        for index in old.count..<max(old.count, new.count) {
            operations.append(.add(path: pointer(appending: .index(index)), value: new[index]))
        }
    }

    /// Rows matched by id: removes (highest index first), then a left-to-right walk of `new` that
    /// inserts new rows and recurses into surviving ones. After the removes the surviving rows
    /// are in `new`'s order, so at step `index` everything before `index` already matches `new`.
    private mutating func diffRows(_ old: [JSONValue], _ new: [JSONValue], _ rows: RowMatch) {
        for index in rows.removedOldIndices.reversed() {
            operations.append(.remove(path: pointer(appending: .index(index))))
        }
        var survivors = rows.survivingOldIndices.makeIterator()
        for (index, element) in new.enumerated() {
            if rows.isSurviving(newIndex: index), let oldIndex = survivors.next() {
                diff(old[oldIndex], element, index: index)
            } else {
                operations.append(.add(path: pointer(appending: .index(index)), value: element))
            }
        }
    }

    /// Swaps the operations emitted since `start` for one `replace` of the whole array when that
    /// encodes shorter. A single operation is kept as is: it is never much larger than a replace.
    /// Both sides are counted, not written: the operations are written once, into the frame.
    private mutating func replaceIfSmaller(since start: Int, with new: [JSONValue]) {
        guard operations.count - start > 1 else { return }
        let path = pointer()
        if JSONSize.replaceIsShorter(than: operations[start...], path: path, new: new) {
            operations.replaceSubrange(start..., with: [.replace(path: path, value: .array(new))])
        }
    }

    private mutating func diff(_ old: JSONValue, _ new: JSONValue, key: String) {
        if old.isContainer, new.isContainer {
            diff(old, new, below: .key(key))
        } else if old != new {
            operations.append(.replace(path: pointer(appending: .key(key)), value: new))
        }
    }

    private mutating func diff(_ old: JSONValue, _ new: JSONValue, index: Int) {
        if old.isContainer, new.isContainer {
            diff(old, new, below: .index(index))
        } else if old != new {
            operations.append(.replace(path: pointer(appending: .index(index)), value: new))
        }
    }

    /// Recursion into a child container. Most subtrees are unchanged, and a plain equality pass
    /// skips them far cheaper than the diff machinery (row matching, paths, size checks) would;
    /// leaves are compared by the callers above without touching `path` at all.
    private mutating func diff(_ old: JSONValue, _ new: JSONValue, below token: PathToken) {
        if old == new { return }
        path.append(token)
        diff(old, new)
        path.removeLast()
    }

    /// Room for `count` operations: a change of several parts (a detail's open or close: the
    /// route and the destination) grew the array from one operation to two.
    mutating func reserveCapacity(_ count: Int) {
        operations.reserveCapacity(count)
    }

    /// The current path (and `last`) as a pointer, written in one piece: its length counted
    /// first, so a short pointer (nearly all) is a small string made in place, where joining
    /// token by token grew a string and scanned each key for escapes through its UTF-8 view.
    private func pointer(appending last: PathToken? = nil) -> String {
        var length = 0
        for token in path { length += token.pointerLength }
        if let last { length += last.pointerLength }
        // Exactly `length` bytes, so a short pointer (nearly all) is a small string, no storage.
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            for token in path { token.write(into: buffer, at: &written) }
            if let last { last.write(into: buffer, at: &written) }
            return written
        }
    }
}

extension Differ.PathToken {
    /// The bytes of `/token` in a pointer.
    var pointerLength: Int {
        switch self {
        case .key(let key): 1 + JSONPointer.escapedLength(of: key)
        case .index(let index): 1 + JSONSize.digitCount(index)
        }
    }

    /// Writes `/token` at `position`, advancing it past.
    func write(into buffer: UnsafeMutableBufferPointer<UInt8>, at position: inout Int) {
        buffer[position] = UInt8(ascii: "/")
        position += 1
        switch self {
        case .key(let key):
            JSONPointer.writeEscaped(key, into: buffer, at: &position)
        case .index(var index):
            // Non-negative (an array's), written from its last digit.
            let end = position + JSONSize.digitCount(index)
            var at = end
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(index % 10)
                index /= 10
            } while index > 0
            position = end
        }
    }
}
