import Synchronization
import StateSync
import WebSocketServer

/// What a session has sent its browser: the last state, the sequence number, recent patches
/// for resuming, and the connection frames go to. Touched from the Store's executor (new
/// states) and from the transport (hello, drain), so it lives under a lock; frames are sent
/// under the lock, which keeps them in order.
final class SessionOutput: Sendable {
    struct Sent {
        var seq = 0
        var state: JSONValue = .null
        /// The last patches, oldest first, for replay on resume.
        var history: [(seq: Int, frame: [UInt8])] = []
        var historyBytes = 0
        var connection: Connection?
        /// Set when the connection's queue overflowed: patches stop until a fresh snapshot.
        var needsSnapshot = false
        var pendingAcks: [PendingAck] = []
        /// False until the first browser has its snapshot: states before it are in that
        /// snapshot, so they are not sent as patches.
        var hasAttached = false
    }

    /// An action waiting for its ack, and the key the ack echoes.
    struct PendingAck {
        var ref: Int
        var key: String?
    }

    /// Recent patches kept for resuming: at most this many, and at most this many bytes, so
    /// ten thousand idle sessions cannot hold gigabytes of old frames.
    static let historyLimit = 256
    static let historyByteLimit = 64 * 1024
    private let sent = Mutex(Sent())
    let metrics: ServerMetricsRecorder
    /// Every session's: the members of a list get the same patch for each star.
    private let sharedPatches: PartsPatchMemo
    /// Told each patch frame sent (`--debug`'s action log); nil otherwise.
    private let patchSent: (@Sendable ([UInt8]) -> Void)?

    init(metrics: ServerMetricsRecorder, sharedPatches: PartsPatchMemo, patchSent: (@Sendable ([UInt8]) -> Void)? = nil) {
        self.metrics = metrics
        self.sharedPatches = sharedPatches
        self.patchSent = patchSent
    }

    /// A new state from the Store: diff it against what the browser has and send the patch.
    func publish(_ state: JSONValue) {
        sent.withLock { sent in
            guard sent.hasAttached else { return }
            let ops = JSONPatch.diff(from: sent.state, to: state)
            guard !ops.isEmpty else { return }
            sent.state = state
            sendPatch(&sent) { seq, ack in ServerMessage.patch(seq: seq, ops: ops, ack: ack?.ref, key: ack?.key).encoded() }
        }
    }

    /// New values of some top-level parts of the state, the others being as last published
    /// (`SessionProjection.projectShared`): diffs and replaces only those parts, through the
    /// patches every session shares.
    func publish(changing parts: [(key: String, value: JSONValue)]) {
        sent.withLock { sent in
            guard sent.hasAttached, case .object(var state) = sent.state else { return }
            let patch = sharedPatches.patch(from: state, changing: parts)
            guard !patch.operations.isEmpty else { return }
            // `state` is then the only reference to the object, which changes in place.
            sent.state = .null
            for part in parts { state[part.key] = part.value }
            sent.state = .object(state)
            sendPatch(&sent) { seq, ack in
                ServerMessage.patchFrame(seq: seq, encodedOperations: patch.encodedOperations, ack: ack?.ref, key: ack?.key)
            }
        }
    }

    /// Sends the next patch, the `frame` made for its seq and the ack it carries (the last of
    /// those waiting; the others go before it), and keeps it for resuming.
    private func sendPatch(_ sent: inout Sent, frame makeFrame: (_ seq: Int, _ ack: PendingAck?) -> [UInt8]) {
        let acks = sent.pendingAcks
        sent.pendingAcks = []
        sent.seq += 1
        let frame = makeFrame(sent.seq, acks.last)
        sent.history.append((sent.seq, frame))
        sent.historyBytes += frame.count
        var dropped = 0
        while sent.history.count - dropped > Self.historyLimit || (sent.historyBytes > Self.historyByteLimit && sent.history.count - dropped > 1) {
            sent.historyBytes -= sent.history[dropped].frame.count
            dropped += 1
        }
        if dropped > 0 { sent.history.removeFirst(dropped) }
        for ack in acks.dropLast() { transmit(ServerMessage.ack(ref: ack.ref, key: ack.key).encoded(), &sent) }
        transmit(frame, &sent)
        metrics.patchSent()
        patchSent?(frame)
    }

    /// Remembers an action's ref (and key): the next patch acknowledges it.
    func expectAck(_ ref: Int, key: String? = nil) {
        sent.withLock { $0.pendingAcks.append(PendingAck(ref: ref, key: key)) }
    }

    /// Takes back a ref a write now holds: no patch acknowledges it before its commit.
    func withdrawAck(_ ref: Int) {
        sent.withLock { sent in sent.pendingAcks.removeAll { $0.ref == ref } }
    }

    /// Acknowledges a ref that no patch carried (the action changed nothing visible).
    func flushAck(_ ref: Int) {
        sent.withLock { sent in
            guard let index = sent.pendingAcks.firstIndex(where: { $0.ref == ref }) else { return }
            let ack = sent.pendingAcks.remove(at: index)
            transmit(ServerMessage.ack(ref: ref, key: ack.key).encoded(), &sent)
        }
    }

    /// Attaches a connection: sends `welcome`, then either the patches after `resumeSeq` (when
    /// all are still kept) or a snapshot. Returns whether it resumed by patches.
    @discardableResult
    func attach(_ connection: Connection, welcome: [UInt8], resumeSeq: Int?, state: JSONValue) -> Bool {
        sent.withLock { sent in
            sent.connection = connection
            sent.hasAttached = true
            sent.needsSnapshot = false
            transmit(welcome, &sent)
            if let resumeSeq, resumeSeq <= sent.seq,
               resumeSeq == sent.seq || (sent.history.first.map { $0.seq <= resumeSeq + 1 } ?? false) {
                for patch in sent.history where patch.seq > resumeSeq { transmit(patch.frame, &sent) }
                return true
            }
            // What the browser has is unknown: start over from the current state.
            sent.state = state
            transmit(ServerMessage.snapshot(seq: sent.seq, state: sent.state).encoded(), &sent)
            return false
        }
    }

    func detach(_ connection: Connection) {
        sent.withLock { sent in
            if sent.connection === connection { sent.connection = nil }
        }
    }

    /// The connection's queue drained after an overflow: one fresh snapshot.
    func drained(_ connection: Connection) {
        sent.withLock { sent in
            guard sent.connection === connection, sent.needsSnapshot else { return }
            sent.needsSnapshot = false
            transmit(ServerMessage.snapshot(seq: sent.seq, state: sent.state).encoded(), &sent)
        }
    }

    func send(_ frame: [UInt8]) {
        sent.withLock { transmit(frame, &$0) }
    }

    /// The connection frames go to, if any.
    var connection: Connection? { sent.withLock { $0.connection } }

    /// The bytes of the patches kept for resuming (the memory breakdown's figure).
    var keptPatchBytes: Int { sent.withLock { $0.historyBytes } }

    private func transmit(_ frame: [UInt8], _ sent: inout Sent) {
        guard let connection = sent.connection, !sent.needsSnapshot else { return }
        switch connection.send(frame) {
        case .queued: metrics.bytesSent(frame.count)
        case .overflowed: sent.needsSnapshot = true
        case .closed: sent.connection = nil
        }
    }
}
