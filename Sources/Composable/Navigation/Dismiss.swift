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
    /// The effect with every action it sends transformed (`map`), and every `.run` in it given
    /// a `dismiss` that sends `dismiss` through the parent: how `ifLet` and the stack hand a
    /// child's effect up. A dismiss from a presentation that is gone does nothing: its effects
    /// are cancelled, and a cancelled effect cannot send. One pass: mapping, then wrapping the
    /// runs, rebuilt the effect's tree twice, a node and a closure per level each time, for
    /// every effect a presented child returned.
    @usableFromInline func map<T: Sendable>(
        _ transform: @escaping @Sendable (Action) -> T, dismissingWith dismiss: T
    ) -> Effect<T> {
        switch operation {
        case .none:
            return .none
        case let .send(action):
            return .send(transform(action))
        case let .run(priority, work):
            return Effect<T>(.run(priority) { send in
                await withDependencies {
                    $0.dismiss = DismissEffect { await send(dismiss) }
                } operation: {
                    await work(Send { action in await send(transform(action)) })
                }
            })
        case let .answered(answer, otherwise):
            return Effect<T>(.answered(
                { send in answer { send(transform($0)) } },
                otherwise: otherwise.map(transform, dismissingWith: dismiss)
            ))
        case let .merge(effects):
            return Effect<T>(.merge(effects.map { $0.map(transform, dismissingWith: dismiss) }))
        case let .cancellable(id, cancelInFlight, effect):
            return Effect<T>(.cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform, dismissingWith: dismiss)))
        case let .cancel(id):
            return Effect<T>(.cancel(id))
        case let .scoped(scope, effect):
            return Effect<T>(.scoped(scope, effect.map(transform, dismissingWith: dismiss)))
        }
    }
}
