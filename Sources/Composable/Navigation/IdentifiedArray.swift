import Synchronization

/// An ordered collection of identifiable elements, addressed by id.
///
/// Elements are `Identifiable` rather than addressed through a stored key path: reading an id
/// through a key path is a runtime projection, and building one in generic code instantiates
/// it, which made filling a page of rows a visible part of every session's start. The building
/// and reading members are inlinable, so features get them specialized for their element type.
public struct IdentifiedArray<ID: Hashable & Sendable, Element: Identifiable> where Element.ID == ID {
    @usableFromInline var storage: [Element]
    /// Empty while there are at most `indexThreshold` elements (a linear search finds an id
    /// among so few), so a small array built from another one shares its storage and has no
    /// index of its own: thousands of sessions showing the same first page hold one copy of it.
    @usableFromInline var indexByID: [ID: Int]
    /// A number no other content of any `IdentifiedArray` had (drawn at each build and each
    /// `append(contentsOf:)`), or 0 when unknown (empty, or changed otherwise since): equal
    /// non-zero revisions mean equal elements, whatever their storage.
    @usableFromInline var revisionNumber: UInt64
    /// The revision this content was made from by its last change, when that change was one
    /// `append(contentsOf:)` (else 0): the elements are then those of that revision followed
    /// by the appended ones. A projection that built a list from rows of that revision builds
    /// the new rows alone, without comparing the old ones (docs/INTERNALS.md).
    @usableFromInline var appendedToNumber: UInt64

    /// Up to this many elements, an id is looked up by a linear search, not an index.
    @inlinable static var indexThreshold: Int { 32 }

    public var elements: [Element] { storage }

    @inlinable
    public init(_ elements: [Element] = []) {
        appendedToNumber = 0
        revisionNumber = elements.isEmpty ? 0 : identifiedArrayRevision()
        if elements.count <= Self.indexThreshold, Self.idsAreUnique(elements) {
            self.storage = elements
            self.indexByID = [:]
            return
        }
        self.storage = []
        self.storage.reserveCapacity(elements.count)
        self.indexByID = [:]
        for element in elements { insertIfNew(element) }
    }

    /// Whether the elements are those of `revision` followed by others (or the same): true
    /// only when known, never by comparing elements.
    @inlinable
    public func startsWithElements(ofRevision revision: UInt64) -> Bool {
        revision != 0 && (revisionNumber == revision || appendedToNumber == revision)
    }

    /// `revisionNumber`'s: the content's number, 0 when unknown.
    @inlinable public var revision: UInt64 { revisionNumber }

    @inlinable
    static func idsAreUnique(_ elements: [Element]) -> Bool {
        elements.withUnsafeBufferPointer { buffer in
            for position in buffer.indices {
                let elementID = buffer[position].id
                var earlier = 0
                while earlier < position {
                    if buffer[earlier].id == elementID { return false }
                    earlier += 1
                }
            }
            return true
        }
    }

    public var ids: [ID] { storage.map(\.id) }

    @inlinable
    public func index(id: ID) -> Int? {
        if storage.count <= Self.indexThreshold { return Self.position(of: id, in: storage) }
        return indexByID[id]
    }

    /// A linear search that reads each element's id where it lies: `firstIndex(where:)` handed
    /// its closure a copy of each element (a retain and a release of every reference in a row),
    /// and a detail opened by its link looks its id up among a page of rows that nearly never
    /// holds it (docs/INTERNALS.md).
    @inlinable
    static func position(of id: ID, in elements: [Element]) -> Int? {
        elements.withUnsafeBufferPointer { buffer in
            var position = 0
            while position < buffer.count {
                if buffer[position].id == id { return position }
                position += 1
            }
            return nil
        }
    }

    @inlinable
    public subscript(id id: ID) -> Element? {
        get { index(id: id).map { storage[$0] } }
        set {
            forgetRevision()
            if let newValue {
                if let index = index(id: id) { storage[index] = newValue } else { append(newValue) }
            } else {
                remove(id: id)
            }
        }
    }

    /// Appends `element` unless one with its id is already there; returns whether it was added.
    @inlinable @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        forgetRevision()
        return insertIfNew(element)
    }

    /// `append` without the revision's bookkeeping (its callers do it).
    @inlinable
    mutating func insertIfNew(_ element: Element) -> Bool {
        let elementID = element.id
        guard index(id: elementID) == nil else { return false }
        storage.append(element)
        if storage.count > Self.indexThreshold {
            if indexByID.isEmpty {
                // Grown by its setter, not `reserveCapacity`: the standard library does not
                // inline that (nor `init(minimumCapacity:)`), so it ran unspecialized, hashing
                // each id through witness tables, on every page more that crossed the threshold.
                for (index, element) in storage.enumerated() { indexByID[element.id] = index }
            } else {
                indexByID[elementID] = storage.count - 1
            }
        }
        return true
    }

    /// Room is made once for all of them: a page more appended its rows one by one, the
    /// storage growing (and, shared with the state it was copied from, copied) on the way.
    @inlinable
    public mutating func append(contentsOf newElements: some Collection<Element>) {
        let needed = storage.count + newElements.count
        // Grown as appending grows it (to twice), so pages appended one after another
        // reallocate as seldom as elements appended one by one do.
        if needed > storage.capacity { storage.reserveCapacity(Swift.max(needed, 2 * storage.count)) }
        let before = storage.count
        guard !indexByID.isEmpty else {
            for element in newElements { insertIfNew(element) }
            appended(since: before)
            return
        }
        // Indexed already: each row entered with one lookup, not a search and then an
        // insertion. The index grows by its setter (see `insertIfNew`): specialized, where
        // `reserveCapacity` rehashed every id unspecialized.
        for element in newElements {
            let elementID = element.id
            if let existing = indexByID.updateValue(storage.count, forKey: elementID) {
                indexByID[elementID] = existing  // Already there: kept where it was.
            } else {
                storage.append(element)
            }
        }
        appended(since: before)
    }

    @inlinable @_disfavoredOverload
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        let before = storage.count
        for element in newElements { insertIfNew(element) }
        appended(since: before)
    }

    /// After an append of what `storage` holds past `before`: a new revision made from the
    /// last one (none when nothing was appended: the revision stands).
    @inlinable
    mutating func appended(since before: Int) {
        guard storage.count != before else { return }
        appendedToNumber = before == 0 ? 0 : revisionNumber
        revisionNumber = identifiedArrayRevision()
    }

    /// Any other change: what the elements are is no longer known by number.
    @inlinable
    mutating func forgetRevision() {
        revisionNumber = 0
        appendedToNumber = 0
    }

    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        guard let index = index(id: id) else { return nil }
        forgetRevision()
        let element = storage.remove(at: index)
        reindex()
        return element
    }

    public mutating func removeAll() {
        forgetRevision()
        storage.removeAll()
        indexByID = [:]
    }

    /// Mutates the element with `id` in place.
    @usableFromInline
    mutating func modify<R>(id: ID, _ body: (inout Element) -> R) -> R? {
        guard let index = index(id: id) else { return nil }
        forgetRevision()
        return body(&storage[index])
    }

    private mutating func reindex() {
        guard storage.count > Self.indexThreshold else {
            indexByID = [:]
            return
        }
        indexByID.removeAll(keepingCapacity: true)
        for (index, element) in storage.enumerated() { indexByID[element.id] = index }
    }
}

extension IdentifiedArray: RandomAccessCollection {
    @inlinable public var startIndex: Int { storage.startIndex }
    @inlinable public var endIndex: Int { storage.endIndex }
    @inlinable public subscript(position: Int) -> Element { storage[position] }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Elements compared in place: `Array`'s `==` copied each one out (a retain and release of
    /// every field), and sessions showing the same rows in storage of their own compare them
    /// whenever a list's shared JSON is looked up.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.storage.count == rhs.storage.count else { return false }
        return lhs.storage.withUnsafeBufferPointer { left in
            rhs.storage.withUnsafeBufferPointer { right in
                if left.baseAddress == right.baseAddress || (lhs.revisionNumber != 0 && lhs.revisionNumber == rhs.revisionNumber) { return true }
                for position in left.indices where left[position] != right[position] { return false }
                return true
            }
        }
    }
}

extension IdentifiedArray: Sendable where Element: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
    public var description: String { storage.description }
}

/// An action for one element of an `IdentifiedArray`.
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
    case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}

/// The last revision drawn (`IdentifiedArray.revision`), for the whole process.
private let identifiedArrayRevisions = Atomic<UInt64>(0)

/// A revision no `IdentifiedArray` had. Drawn only when rows are built or a page appended
/// (not for each element), so two threads rarely share the counter's line.
@usableFromInline
func identifiedArrayRevision() -> UInt64 {
    identifiedArrayRevisions.add(1, ordering: .relaxed).newValue
}
