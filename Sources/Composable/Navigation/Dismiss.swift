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

extension Effect {
    /// Gives every `.run` in this (child) effect a `dismiss` that sends `action` through the
    /// parent. A dismiss from a presentation that is gone does nothing: its effects are
    /// cancelled, and a cancelled effect cannot send.
    @usableFromInline func dismissing(with action: Action) -> Self {
        wrappingRuns { send, work in
            await withDependencies {
                $0.dismiss = DismissEffect { await send(action) }
            } operation: {
                await work()
            }
        }
    }
}
