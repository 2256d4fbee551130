/// Builds a `body` from reducers listed in order.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
    @inlinable
    public static func buildExpression<R: Reducer>(_ reducer: R) -> R
    where R.State == State, R.Action == Action { reducer }

    @inlinable
    public static func buildPartialBlock<R: Reducer>(first: R) -> R
    where R.State == State, R.Action == Action { first }

    @inlinable
    public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
        accumulated: R0, next: R1
    ) -> Sequenced<R0, R1> { Sequenced(first: accumulated, second: next) }

    @inlinable
    public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

    @inlinable
    public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
    where R.State == State, R.Action == Action { OptionalReducer(wrapped: reducer) }

    @inlinable
    public static func buildEither<First: Reducer, Second: Reducer>(first: First) -> Either<First, Second> {
        .first(first)
    }

    @inlinable
    public static func buildEither<First: Reducer, Second: Reducer>(second: Second) -> Either<First, Second> {
        .second(second)
    }

    public struct Sequenced<R0: Reducer, R1: Reducer>: Reducer
    where R0.State == R1.State, R0.Action == R1.Action {
        @usableFromInline let first: R0
        @usableFromInline let second: R1

        @inlinable init(first: R0, second: R1) {
            self.first = first
            self.second = second
        }

        @inlinable
        public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
            let a = first.reduce(into: &state, action: action)
            return a.merge(with: second.reduce(into: &state, action: action))
        }
    }

    public struct OptionalReducer<Wrapped: Reducer>: Reducer {
        @usableFromInline let wrapped: Wrapped?
        @inlinable init(wrapped: Wrapped?) { self.wrapped = wrapped }

        @inlinable
        public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
            wrapped?.reduce(into: &state, action: action) ?? .none
        }
    }

    public enum Either<First: Reducer, Second: Reducer>: Reducer
    where First.State == Second.State, First.Action == Second.Action {
        case first(First)
        case second(Second)

        @inlinable
        public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
            switch self {
            case let .first(reducer): reducer.reduce(into: &state, action: action)
            case let .second(reducer): reducer.reduce(into: &state, action: action)
            }
        }
    }
}
