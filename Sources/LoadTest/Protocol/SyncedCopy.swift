import StateSync

/// A session's local copy of the client-visible state, kept as a browser keeps it: a snapshot
/// replaces it, each patch must carry the previous seq + 1 and is applied with `JSONPatch.apply`.
struct SyncedCopy: Sendable {
    enum Failure: Error, Equatable, CustomStringConvertible {
        case patchBeforeSnapshot
        case seqGap(expected: Int, received: Int)
        case patchFailed(String)

        /// The error kind in reports.
        var kind: String {
            switch self {
            case .patchBeforeSnapshot: "patch_before_snapshot"
            case .seqGap: "seq_gap"
            case .patchFailed: "patch_failed"
            }
        }

        var description: String {
            switch self {
            case .patchBeforeSnapshot: "a patch arrived before any snapshot"
            case let .seqGap(expected, received): "expected patch seq \(expected), received \(received)"
            case let .patchFailed(message): "a patch did not apply: \(message)"
            }
        }
    }

    private(set) var state: JSONValue?
    private(set) var seq = 0
    /// False after a failed patch until the next snapshot: the copy no longer mirrors the server.
    private(set) var isInSync = false

    mutating func replace(seq: Int, state: JSONValue) {
        self.seq = seq
        self.state = state
        isInSync = true
    }

    /// Applies one patch frame. A copy out of sync ignores patches until the next snapshot.
    mutating func apply(seq patchSeq: Int, ops: [PatchOperation]) throws(Failure) {
        guard isInSync, var current = state else {
            if state == nil { throw .patchBeforeSnapshot }
            return
        }
        guard patchSeq == seq + 1 else {
            isInSync = false
            throw .seqGap(expected: seq + 1, received: patchSeq)
        }
        // `current` alone holds the state while it is patched, so it is patched in place.
        state = nil
        defer { state = current }
        do {
            try JSONPatch.apply(ops, to: &current)
            seq = patchSeq
        } catch {
            // Partly patched, and out of sync until the next snapshot replaces it.
            isInSync = false
            throw .patchFailed(error.description)
        }
    }
}
