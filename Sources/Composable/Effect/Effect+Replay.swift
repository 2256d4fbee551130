extension Effect {
    /// The actions this effect sends synchronously (its `.send`s, in merge order), without
    /// starting a task: a replay reduces a recording's effect actions from the recording
    /// instead of running the tasks that once sent them.
    package var synchronousActions: [Action] {
        var actions: [Action] = []
        Self.collect(operation, into: &actions)
        return actions
    }

    private static func collect(_ operation: Operation, into actions: inout [Action]) {
        switch operation {
        // An answer given at once, or sent after a delay, is an effect's action: the recording
        // holds it.
        case .none, .run, .sendAfter, .answer, .answerCancelling, .cancel: return
        case let .send(action): actions.append(action)
        case let .merge(effects): for effect in effects { collect(effect.operation, into: &actions) }
        case let .cancellable(_, _, inner), let .scoped(_, inner): collect(inner.operation, into: &actions)
        }
    }
}
