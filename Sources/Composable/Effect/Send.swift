/// Sends actions back into the Store from a `.run` effect. After the effect is cancelled,
/// sending does nothing.
public struct Send<Action: Sendable>: Sendable {
    let send: @Sendable (Action) async -> Void

    public init(_ send: @escaping @Sendable (Action) async -> Void) {
        self.send = send
    }

    public func callAsFunction(_ action: Action) async {
        guard !Task.isCancelled else { return }
        await send(action)
    }
}
