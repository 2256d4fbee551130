/// What a user who chose "Report a problem" is shown: the reference to quote in the bug
/// report, which names the recording the session keeps from then on (the session's id: it
/// opens nothing by itself, since a resume needs the user's token too).
public struct ProblemReport: Equatable, Sendable {
    public var reference: String

    public init(reference: String) {
        self.reference = reference
    }
}
