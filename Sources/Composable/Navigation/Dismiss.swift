/// Closes the presentation (or stack entry) the current effect belongs to, without knowing the
/// parent: `@Dependency(\.dismiss) var dismiss` then `await dismiss()` in an effect.
public struct DismissEffect: Sendable {
    let dismiss: @Sendable () async -> Void

    public init(_ dismiss: @escaping @Sendable () async -> Void) {
        self.dismiss = dismiss
    }

    public func callAsFunction() async {
        await dismiss()
    }
}

extension DependencyValues {
    public var dismiss: DismissEffect {
        get { presentedDismiss ?? self[DismissKey.self] }
        set { presentedDismiss = newValue }
    }
}

private enum DismissKey: DependencyKey {
    typealias Value = DismissEffect
    static let liveValue = DismissEffect {
        DependencyValues.current.reportIssue("dismiss() was called from an effect that is not in a presented or stacked feature.")
    }
    static let testValue = liveValue
}
