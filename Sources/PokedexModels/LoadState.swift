/// Where a piece of remote data stands.
public enum LoadState<Value: Equatable & Sendable>: Equatable, Sendable {
    case idle
    case loading
    case loaded(Value)
    case failed(String)

    /// Written out and inlinable, so a feature's state compares it specialized: the derived
    /// `==`, unspecialized across the module, looked up generic (tuple) metadata each time.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.idle, .idle), (.loading, .loading): true
        case let (.loaded(left), .loaded(right)): left == right
        case let (.failed(left), .failed(right)): left == right
        default: false
        }
    }

    public var value: Value? {
        if case let .loaded(value) = self { return value }
        return nil
    }
}
