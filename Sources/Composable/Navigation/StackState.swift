import Synchronization

/// The id of a stack entry: unique and increasing within the process.
public struct StackElementID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// A navigation stack: drill-down screens in order, each with a stable id.
///
/// Its members are inlinable, so a feature's reducers use them specialized to its screens'
/// type: across the module, `removeAll` (on every opened row, nearly always on an empty stack)
/// and `==` ran generic, looking the arrays' metadata up at run time.
public struct StackState<Element> {
    @usableFromInline var storedIDs: [StackElementID] = []
    @usableFromInline var storedElements: [Element] = []

    @inlinable public var ids: [StackElementID] { storedIDs }
    @inlinable public var elements: [Element] { storedElements }

    public init(_ elements: [Element] = []) {
        for element in elements { append(element) }
    }

    /// The entries as they were, ids included (a state read back, e.g. a recording's).
    public init(entries: [(id: StackElementID, element: Element)]) {
        for entry in entries { insert(entry.element, id: entry.id) }
    }

    @inlinable public var count: Int { storedElements.count }
    @inlinable public var isEmpty: Bool { storedElements.isEmpty }
    @inlinable public var last: Element? { storedElements.last }

    /// Pushes an element with a fresh id (from the dependencies' `stackElementID`), and returns
    /// the id.
    @discardableResult
    public mutating func append(_ element: Element) -> StackElementID {
        let id = DependencyValues.current.stackElementID()
        insert(element, id: id)
        return id
    }

    /// Pushes an element under a given id (used by `StackAction.push`).
    @inlinable
    mutating func insert(_ element: Element, id: StackElementID) {
        storedIDs.append(id)
        storedElements.append(element)
    }

    @inlinable
    public subscript(id id: StackElementID) -> Element? {
        storedIDs.firstIndex(of: id).map { storedElements[$0] }
    }

    /// Removes the entry `id` and every entry above it.
    @inlinable
    public mutating func pop(from id: StackElementID) {
        guard let index = storedIDs.firstIndex(of: id) else { return }
        storedIDs.removeSubrange(index...)
        storedElements.removeSubrange(index...)
    }

    public mutating func removeLast() {
        storedIDs.removeLast()
        storedElements.removeLast()
    }

    /// An empty stack is left as it is (no write to either array).
    @inlinable
    public mutating func removeAll() {
        guard !storedIDs.isEmpty || !storedElements.isEmpty else { return }
        storedIDs = []
        storedElements = []
    }

    /// Replaces the entry `id` in place, keeping its id.
    public mutating func replace(id: StackElementID, with element: Element) {
        guard let index = storedIDs.firstIndex(of: id) else { return }
        storedElements[index] = element
    }

    @inlinable
    mutating func modify<R>(id: StackElementID, _ body: (inout Element) -> R) -> R? {
        guard let index = storedIDs.firstIndex(of: id) else { return nil }
        return body(&storedElements[index])
    }

    /// The entries with their ids, bottom first.
    public var entries: [(id: StackElementID, element: Element)] {
        Array(zip(storedIDs, storedElements))
    }
}

private let stackIDCounter = Atomic<Int>(0)

/// Makes the ids of pushed screens. Process-wide by default (unique, increasing); a value that
/// the reducers read, so a recording keeps the ids it made and a replay or a test makes them
/// again.
public struct StackElementIDGenerator: Sendable {
    private let next: @Sendable () -> StackElementID
    public init(_ next: @escaping @Sendable () -> StackElementID) { self.next = next }
    public func callAsFunction() -> StackElementID { next() }

    /// The next id of the process.
    public static let processWide = StackElementIDGenerator {
        StackElementID(stackIDCounter.add(1, ordering: .relaxed).newValue)
    }
}

private enum StackElementIDKey: DependencyKey {
    static let liveValue = StackElementIDGenerator.processWide
    static let testValue = StackElementIDGenerator.processWide
}

extension DependencyValues {
    /// The ids `StackState.append` gives pushed screens.
    public var stackElementID: StackElementIDGenerator {
        get { self[StackElementIDKey.self] }
        set { self[StackElementIDKey.self] = newValue }
    }
}

extension StackState: Equatable where Element: Equatable {
    /// Compares the screens; ids are bookkeeping.
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storedElements == rhs.storedElements }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomStringConvertible {
    public var description: String { elements.description }
}

/// What can happen to a stack: an entry's own action, a push, or a pop.
public enum StackAction<State: Sendable, Action: Sendable>: Sendable {
    case element(id: StackElementID, action: Action)
    case popFrom(id: StackElementID)
    /// Boxed (`indirect`): a screen's whole state, rarely sent, made every stack action as
    /// large, and the stack's reducer copies the action it is given.
    indirect case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
