/// A form field changed: sets one value of the state by key path. The feature decides which
/// key paths a client may bind (see `BindableAction`).
public struct BindingAction<Root>: Sendable, Equatable, CustomStringConvertible {
    public let keyPath: PartialKeyPath<Root> & Sendable
    @usableFromInline let apply: @Sendable (inout Root) -> Void
    private let isEqual: @Sendable (BindingAction<Root>) -> Bool
    private let valueDescription: String

    /// `.set(\.search, "pika")`
    public static func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
    ) -> Self {
        Self(
            keyPath: keyPath,
            apply: { $0[keyPath: keyPath] = value },
            isEqual: { other in other.keyPath == (keyPath as PartialKeyPath<Root>) && other.value(as: Value.self) == value },
            valueDescription: "\(value)",
            value: value
        )
    }

    private let value: any Sendable

    private init(
        keyPath: PartialKeyPath<Root> & Sendable, apply: @escaping @Sendable (inout Root) -> Void,
        isEqual: @escaping @Sendable (BindingAction<Root>) -> Bool, valueDescription: String, value: any Sendable
    ) {
        self.keyPath = keyPath
        self.apply = apply
        self.isEqual = isEqual
        self.valueDescription = valueDescription
        self.value = value
    }

    /// The bound value, if `keyPath` is the given one.
    public func value<Value>(for keyPath: WritableKeyPath<Root, Value> & Sendable) -> Value? {
        self.keyPath == (keyPath as PartialKeyPath<Root>) ? value as? Value : nil
    }

    private func value<Value>(as _: Value.Type) -> Value? { value as? Value }

    @inlinable func apply(to root: inout Root) { apply(&root) }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs) }

    public var description: String { ".set(\(keyPath), \(valueDescription))" }
}

/// An action enum with a `binding` case.
public protocol BindableAction: Sendable {
    associatedtype State
    static func binding(_ action: BindingAction<State>) -> Self
    var binding: BindingAction<State>? { get }
}

/// Applies `binding` actions to the state. Place it first in `body`, so the feature's own
/// reducer sees the new value.
///
/// Inlinable: every action of a feature with bindings passes it (a page more, each row
/// tapped), and unspecialized it read the action's `binding` through its witness table.
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
    @inlinable public init() {}

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        action.binding?.apply(to: &state)
        return .none
    }
}
