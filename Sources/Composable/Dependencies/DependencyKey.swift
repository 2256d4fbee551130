/// A key for a dependency that has at least a test value. Interface modules conform their
/// clients to this, so features can use a client without linking its live implementation.
public protocol TestDependencyKey {
    associatedtype Value: Sendable
    /// Used in tests. By convention it fails loudly (see `unimplemented`) when a test reaches an
    /// endpoint it did not override.
    static var testValue: Value { get }
}

/// A key that also has the value used when the app really runs.
public protocol DependencyKey: TestDependencyKey {
    static var liveValue: Value { get }
}

/// In which world dependency values are resolved.
public enum DependencyContext: Sendable {
    case live
    case test
}
