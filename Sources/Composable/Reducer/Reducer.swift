/// A feature's logic: how an action changes the state and which effects it starts.
///
/// Implement either `reduce(into:action:)` or a result-builder `body` composed of other
/// reducers, as in The Composable Architecture.
public protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action: Sendable
    associatedtype Body

    func reduce(into state: inout State, action: Action) -> Effect<Action>

    @ReducerBuilder<State, Action>
    var body: Body { get }
}

extension Reducer where Body == Never {
    public var body: Body {
        fatalError("\(Self.self) has no body: it implements reduce(into:action:).")
    }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body.reduce(into: &state, action: action)
    }
}

/// A reducer from a closure.
public struct Reduce<State, Action: Sendable>: Reducer, Sendable {
    @usableFromInline let reduce: @Sendable (inout State, Action) -> Effect<Action>

    public init(_ reduce: @escaping @Sendable (inout State, Action) -> Effect<Action>) {
        self.reduce = reduce
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        reduce(&state, action)
    }
}

/// Runs its reducers in order and merges their effects.
public struct CombineReducers<State, Action: Sendable, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
    @usableFromInline let reducers: Reducers

    public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
        self.reducers = build()
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        reducers.reduce(into: &state, action: action)
    }
}

/// A reducer that does nothing.
public struct EmptyReducer<State, Action: Sendable>: Reducer {
    public init() {}
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
