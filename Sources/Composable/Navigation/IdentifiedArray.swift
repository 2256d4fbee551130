/// An ordered collection of identifiable elements, addressed by id.
public struct IdentifiedArray<ID: Hashable & Sendable, Element> {
    public private(set) var elements: [Element]
    private var indexByID: [ID: Int]
    private let id: KeyPath<Element, ID> & Sendable

    public init(id: KeyPath<Element, ID> & Sendable, _ elements: [Element] = []) {
        self.id = id
        self.elements = []
        self.indexByID = [:]
        for element in elements { append(element) }
    }

    public var ids: [ID] { elements.map { $0[keyPath: id] } }

    public func index(id: ID) -> Int? { indexByID[id] }

    public subscript(id id: ID) -> Element? {
        get { indexByID[id].map { elements[$0] } }
        set {
            if let newValue {
                if let index = indexByID[id] { elements[index] = newValue } else { append(newValue) }
            } else {
                remove(id: id)
            }
        }
    }

    /// Appends `element` unless one with its id is already there; returns whether it was added.
    @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        let elementID = element[keyPath: id]
        guard indexByID[elementID] == nil else { return false }
        indexByID[elementID] = elements.count
        elements.append(element)
        return true
    }

    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements { append(element) }
    }

    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        guard let index = indexByID[id] else { return nil }
        let element = elements.remove(at: index)
        reindex()
        return element
    }

    public mutating func removeAll() {
        elements.removeAll()
        indexByID.removeAll()
    }

    /// Mutates the element with `id` in place.
    @usableFromInline
    mutating func modify<R>(id: ID, _ body: (inout Element) -> R) -> R? {
        guard let index = indexByID[id] else { return nil }
        return body(&elements[index])
    }

    private mutating func reindex() {
        indexByID.removeAll(keepingCapacity: true)
        for (index, element) in elements.enumerated() { indexByID[element[keyPath: id]] = index }
    }
}

extension IdentifiedArray where Element: Identifiable, Element.ID == ID {
    public init(_ elements: [Element] = []) {
        self.init(id: \Element.id, elements)
    }
}

extension IdentifiedArray: RandomAccessCollection {
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension IdentifiedArray: Sendable where Element: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
    public var description: String { elements.description }
}

/// An action for one element of an `IdentifiedArray`.
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
    case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
