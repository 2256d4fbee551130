/// An ordered collection of identifiable elements, addressed by id.
///
/// Elements are `Identifiable` rather than addressed through a stored key path: reading an id
/// through a key path is a runtime projection, and building one in generic code instantiates
/// it, which made filling a page of rows a visible part of every session's start. The building
/// and reading members are inlinable, so features get them specialized for their element type.
public struct IdentifiedArray<ID: Hashable & Sendable, Element: Identifiable> where Element.ID == ID {
    @usableFromInline var storage: [Element]
    @usableFromInline var indexByID: [ID: Int]

    public var elements: [Element] { storage }

    @inlinable
    public init(_ elements: [Element] = []) {
        self.storage = []
        self.storage.reserveCapacity(elements.count)
        self.indexByID = Dictionary(minimumCapacity: elements.count)
        for element in elements { append(element) }
    }

    public var ids: [ID] { storage.map(\.id) }

    @inlinable
    public func index(id: ID) -> Int? { indexByID[id] }

    @inlinable
    public subscript(id id: ID) -> Element? {
        get { indexByID[id].map { storage[$0] } }
        set {
            if let newValue {
                if let index = indexByID[id] { storage[index] = newValue } else { append(newValue) }
            } else {
                remove(id: id)
            }
        }
    }

    /// Appends `element` unless one with its id is already there; returns whether it was added.
    @inlinable @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        let elementID = element.id
        guard indexByID[elementID] == nil else { return false }
        indexByID[elementID] = storage.count
        storage.append(element)
        return true
    }

    @inlinable
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements { append(element) }
    }

    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        guard let index = indexByID[id] else { return nil }
        let element = storage.remove(at: index)
        reindex()
        return element
    }

    public mutating func removeAll() {
        storage.removeAll()
        indexByID.removeAll()
    }

    /// Mutates the element with `id` in place.
    @usableFromInline
    mutating func modify<R>(id: ID, _ body: (inout Element) -> R) -> R? {
        guard let index = indexByID[id] else { return nil }
        return body(&storage[index])
    }

    private mutating func reindex() {
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
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
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
