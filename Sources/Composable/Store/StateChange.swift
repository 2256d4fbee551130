/// Why a Store's observer is called.
public enum StateChange: Sendable, Equatable {
    /// A batch of actions was reduced: any part of the state may differ.
    case reduced
    /// Only shared values the state holds changed (set elsewhere, e.g. another session's
    /// star): everything else is as the observer last saw it, so an observer that derives
    /// parts of its output from shared values may rebuild just those.
    case sharedValues
}
