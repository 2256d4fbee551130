/// What one reduced action did: TCA's `_printChanges`, handed to an inspector rather than
/// printed (see `Store.inspectActions`).
public struct ReducedActionRecord<State, Action> {
    public let action: Action
    public let stateBefore: State
    public let stateAfter: State
    /// One line per task the action started, naming the ids it can be cancelled by.
    public let effectsStarted: [String]
    /// One line per cancellation id whose running tasks the action cancelled (by `.cancel`,
    /// `cancelInFlight`, or its child scope leaving the state).
    public let effectsCancelled: [String]

    @usableFromInline
    init(action: Action, stateBefore: State, stateAfter: State, effectsStarted: [String], effectsCancelled: [String]) {
        self.action = action
        self.stateBefore = stateBefore
        self.stateAfter = stateAfter
        self.effectsStarted = effectsStarted
        self.effectsCancelled = effectsCancelled
    }
}

/// What the effect runner did while one action was reduced; set only while an inspector is.
@usableFromInline
package final class EffectJournal {
    @usableFromInline var started: [String] = []
    @usableFromInline var cancelled: [String] = []

    @usableFromInline init() {}
}

extension ReducedActionRecord: Sendable where State: Sendable, Action: Sendable {}
