/// Where an action the Store reduces came from, for a recording of the session
/// (`Store.recordActions`): replaying the recording feeds the outside and effect actions back
/// and lets the reducers make the synchronous ones again.
public enum ActionSource: Sendable, Equatable {
    /// Sent to the Store from outside: a browser's frame, or the session itself.
    case external
    /// Sent by a reducer's `.send` effect, in the same processing loop.
    case send
    /// Sent by a running effect's task (a client's answer, a debounce that fired).
    case effect
}

extension Store {
    /// Hands `recorder` the state and every action before it is reduced, with its source (nil
    /// stops). Called on the Store's executor inside the processing loop: it must not send to
    /// the Store. Off, it costs the loop one nil check per action.
    public func recordActions(_ recorder: (@Sendable (R.State, R.Action, ActionSource) -> Void)?) {
        core.recorder = recorder
        core.bufferSources.removeAll()
    }
}
