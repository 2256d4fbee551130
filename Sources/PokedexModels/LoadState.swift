/// Where a piece of remote data stands.
public enum LoadState<Value: Equatable & Sendable>: Equatable, Sendable {
    case idle
    case loading
    case loaded(Value)
    case failed(String)

    /// The synthesized `==`, inlinable: called from other modules it ran unspecialized,
    /// through the value's witness table (a list's memo compares its state on every batch).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs {
        case .idle: if case .idle = rhs { return true }
        case .loading: if case .loading = rhs { return true }
        case .loaded(let left): if case .loaded(let right) = rhs { return left == right }
        case .failed(let left): if case .failed(let right) = rhs { return left == right }
        }
        return false
    }

    public var value: Value? {
        if case let .loaded(value) = self { return value }
        return nil
    }
}
