import Synchronization
import StateSync
import WebSocketServer

/// What a session has sent its browser: the last state, the sequence number, recent patches
/// for resuming, and the connection frames go to. Touched from the Store's executor (new
/// states) and from the transport (hello, drain), so it lives under a lock; frames are sent
/// under the lock, which keeps them in order.
final class SessionOutput: Sendable {
    struct Sent: ~Copyable {
        var seq = 0
        /// What the browser has, but for `newerParts`.
        private var base: JSONValue = .null
        /// Top-level parts the browser has newer values of than `base`'s (`publish(changing:)`),
        /// put into it when the whole state is next needed: a shared change reaching thousands
        /// of members then replaces a value in each one's small array, not a member of each
        /// one's state object (a walk through its keys and a uniqueness check, on memory no
        /// other member touches).
        private var newerParts: [(key: String, value: JSONValue)] = []
        /// The last patches, oldest first, for replay on resume.
        var history = PatchHistory(limit: SessionOutput.historyLimit, byteLimit: SessionOutput.historyByteLimit)
        var connection: Connection?
        /// Set when the connection's queue overflowed: patches stop until a fresh snapshot.
        var needsSnapshot = false
        var acks = PendingAcks()
        /// False until the first browser has its snapshot: states before it are in that
        /// snapshot, so they are not sent as patches.
        var hasAttached = false
        /// Whether the browser has an object (a state, not yet nothing), kept beside `base`:
        /// matching `base` to ask copied it, a retain and a release of the state's storage (a
        /// line of the session's own, cold by its next action) on every action.
        private(set) var hasObject = false
        /// Told each patch frame sent (a recording's); nil otherwise.
        var patchSent: (@Sendable ([UInt8]) -> Void)?

        /// The whole state the browser has.
        var state: JSONValue {
            mutating get {
                guard !newerParts.isEmpty else { return base }
                if case .object(var object) = base {
                    // `object` is then the only reference to the storage, which changes in place.
                    base = .null
                    for part in newerParts { object[part.key] = part.value }
                    base = .object(object)
                }
                // Freed, not kept: an idle session holds no table of its own.
                newerParts = []
                return base
            }
            set {
                base = newValue
                if case .object = newValue { hasObject = true } else { hasObject = false }
                newerParts = []
            }
        }

        /// The top-level part `key` of what the browser has. Mutating only to be handed `self`
        /// in place: a method reading it by value copied the whole of it, retaining every field.
        mutating func part(_ key: String) -> JSONValue? {
            for part in newerParts where part.key == key { return part.value }
            guard case .object(let object) = base else { return nil }
            return object.position(of: key, likelyAt: SessionProjection.position(ofPart: key)).map { object.members[$0].value }
        }

        /// The browser now has these values of top-level parts (a reduced state's changed
        /// parts): put into `base` in place, where each keeps its place among the members, so
        /// no old value is kept beside it.
        mutating func setParts(_ parts: [(key: String, value: JSONValue)]) {
            guard case .object(var object) = base else { return }
            // `object` is then the only reference to the storage, which changes in place.
            base = .null
            for part in parts {
                if let index = newerParts.firstIndex(where: { $0.key == part.key }) { newerParts.remove(at: index) }
                if let position = object.position(of: part.key, likelyAt: SessionProjection.position(ofPart: part.key)) {
                    object.setValue(part.value, at: position)
                } else {
                    object[part.key] = part.value
                }
            }
            base = .object(object)
            // Freed, not kept: an idle session holds no table of its own.
            if newerParts.isEmpty { newerParts = [] }
        }

        /// The browser now has `value` as the top-level part `key`.
        mutating func replacePart(_ key: String, with value: JSONValue) {
            for index in newerParts.indices where newerParts[index].key == key {
                newerParts[index].value = value
                return
            }
            newerParts.append((key, value))
        }
    }

    /// Recent patches kept for resuming: at most this many, and at most this many bytes, so
    /// ten thousand idle sessions cannot hold gigabytes of old frames.
    static let historyLimit = 256
    static let historyByteLimit = 64 * 1024
    private let sent = Mutex(Sent())
    /// `sent.acks.starsOwed`, readable without the lock (an observer asks before projecting).
    private let starsOwed = Atomic<Int>(0)
    let metrics: ServerMetricsRecorder
    /// Its executor's (`ServerMetricsRecorder.sendCounts(for:)`): every patch and frame sent.
    private let sendCounts: ServerMetricsRecorder.SendCounts
    /// Every session's: the members of a list get the same patch for each star.
    private let sharedPatches: PartsPatchMemo

    /// Its executor's (`SessionContext.encodings`): the encodings of the JSON the process
    /// builds once (details, rows).
    private let encodings: EncodedJSONReader?

    init(metrics: ServerMetricsRecorder, sendCounts: ServerMetricsRecorder.SendCounts, sharedPatches: PartsPatchMemo, encodings: EncodedJSONReader? = nil) {
        self.metrics = metrics
        self.sendCounts = sendCounts
        self.sharedPatches = sharedPatches
        self.encodings = encodings
    }

    /// Whether a star's ack waits for a patch (the observer then reads the list's seq).
    var owesStarAck: Bool { starsOwed.load(ordering: .acquiring) > 0 }

    /// Tells `record` each patch frame from now on (a recording's).
    func recordPatches(to record: @escaping @Sendable ([UInt8]) -> Void) {
        sent.withLock { $0.patchSent = record }
    }

    /// The same, for a recording that starts mid-session: `snapshot` is first told the state
    /// the browser has, under the lock, so the patches told after it are diffs from it.
    func recordPatches(to record: @escaping @Sendable ([UInt8]) -> Void, after snapshot: (JSONValue) -> Void) {
        sent.withLock { sent in
            snapshot(sent.state)
            sent.patchSent = record
        }
    }

    /// A new state from the Store, showing the favorites `shows`: diff it against what the
    /// browser has and send the patch.
    func publish(_ state: JSONValue, shows: PendingAcks.Shown? = nil) {
        sent.withLock { sent in
            let acks = sent.acks.ready(for: shows)
            starsOwed.store(sent.acks.starsOwed, ordering: .releasing)
            guard sent.hasAttached else { return }
            let ops = JSONPatch.diff(from: sent.state, to: state)
            guard !ops.isEmpty else { return sendAlone(acks, &sent) }
            sent.state = state
            sendPatch(&sent, acks: acks) { seq, ack in
                .bytes(ServerMessage.patch(seq: seq, ops: ops, ack: ack?.ref, key: ack?.key).encoded(reusing: encodings))
            }
        }
    }

    /// A reduced state as the top-level parts whose inputs changed since the last state
    /// published, in the state's member order, the others being as then
    /// (`SessionProjection.projectChanges`): diffs each against the part the browser has and
    /// sends the patch, the operations the whole state's diff gives. Returns false, having
    /// done nothing, while a browser has no whole state to take parts into: the caller then
    /// publishes the whole state (`publish(_:shows:)`).
    ///
    /// `expecting`: the reduced action's ack (not a star's), which this patch carries, as
    /// `expectAck` then `publish` would, under one turn of the lock and without keeping it
    /// among the waiting acks first (an array entry made and read back, on every action).
    func publish(
        changed parts: [(key: String, value: JSONValue)], shows: PendingAcks.Shown? = nil, expecting ack: (ref: Int, key: String?)? = nil
    ) -> Bool {
        sent.withLock { sent in
            let ack = ack.map { PendingAcks.Ack(ref: $0.ref, key: $0.key, shows: nil) }
            if sent.hasAttached, !sent.hasObject {
                // The whole state goes next (`publish(_:shows:)`), with this ack.
                if let ack { _ = sent.acks.add(ack) }
                return false
            }
            // The acks that waited, then this one: the newest last, as if it had waited too.
            let acks = sent.acks.ready(for: shows)
            starsOwed.store(sent.acks.starsOwed, ordering: .releasing)
            guard sent.hasAttached else { return true }
            let ops = JSONPatch.diff(changing: parts) { sent.part($0) }
            guard !ops.isEmpty else {
                sendAlone(acks, &sent)
                if let ack { sendAlone(CollectionOfOne(ack), &sent) }
                return true
            }
            sent.setParts(parts)
            sendPatch(&sent, acks: acks, then: ack) { seq, ack in
                .bytes(ServerMessage.patch(seq: seq, ops: ops, ack: ack?.ref, key: ack?.key).encoded(reusing: encodings))
            }
            return true
        }
    }

    /// New values of some top-level parts of the state, the others being as last published
    /// (`SessionProjection.projectShared`): diffs and replaces only those parts, through the
    /// patches every session shares.
    func publish(changing parts: [(key: String, value: JSONValue)], shows: PendingAcks.Shown? = nil) {
        sent.withLock { publish(changing: parts, shows: shows, &$0) }
    }

    /// `publish(changing: [(key, value())], shows:)` for a change of shared values told without
    /// the Store's observer (`FavoritesOnlyChange`), only while nothing else of the session is
    /// pending here: no ack owed, a browser with the whole state and a queue not overflowed.
    /// Returns false, having done nothing (`value` not asked), otherwise: the observer then
    /// publishes the change. `value` is asked under the lock, so no ack is added in between
    /// (nil: the part is as published). `patch` is `PartsPatchMemo.patch` of the part from
    /// what the browser has, as found by the caller (its executor's `FavoritesChangeMemo`).
    func publishAlone(
        shows: PendingAcks.Shown, part key: String, value: () -> JSONValue?,
        patch: (_ old: JSONValue?, _ new: JSONValue) -> PartsPatchMemo.Patch
    ) -> Bool {
        sent.withLock { sent in
            guard sent.acks.isEmpty, sent.hasAttached, sent.hasObject, !sent.needsSnapshot, sent.connection != nil else { return false }
            // No ack is owed: this only notes what the state shows, as `publish(changing:)` does.
            _ = sent.acks.ready(for: shows)
            guard let value = value() else { return true }
            let patch = patch(sent.part(key), value)
            guard !patch.operations.isEmpty else { return true }
            sent.replacePart(key, with: value)
            sendShared(patch, acks: [], &sent)
            return true
        }
    }

    private func publish(changing parts: [(key: String, value: JSONValue)], shows: PendingAcks.Shown?, _ sent: inout Sent) {
        let acks = sent.acks.ready(for: shows)
        starsOwed.store(sent.acks.starsOwed, ordering: .releasing)
        guard sent.hasAttached, sent.hasObject else { return }
        let patch = sharedPatches.patch(changing: parts) { sent.part($0) }
        guard !patch.operations.isEmpty else { return sendAlone(acks, &sent) }
        for part in parts { sent.replacePart(part.key, with: part.value) }
        sendShared(patch, acks: acks, &sent)
    }

    /// Sends `patch`, which every session a shared change reaches is sent, as the next patch.
    private func sendShared(_ patch: PartsPatchMemo.Patch, acks: [PendingAcks.Ack], _ sent: inout Sent) {
        sendPatch(&sent, acks: acks) { seq, ack in
            // Without an ack, the frame every member of the change shares, with its own seq.
            guard let ack else { return .spliced(SplicedText(patch.frameWithoutSeq, number: seq, at: patch.seqOffset)) }
            return .bytes(ServerMessage.patchFrame(seq: seq, encodedOperations: patch.encodedOperations, ack: ack.ref, key: ack.key))
        }
    }

    /// Sends the next patch, the `frame` made for its seq and the ack it carries (the last of
    /// `acks`; the others go before it), and keeps it for resuming.
    /// The patch carries the newest ack (`last`, else the last of `acks`); the others go
    /// alone first.
    private func sendPatch(
        _ sent: inout Sent, acks: [PendingAcks.Ack], then last: PendingAcks.Ack? = nil,
        frame makeFrame: (_ seq: Int, _ ack: PendingAcks.Ack?) -> OutgoingText
    ) {
        sent.seq += 1
        let frame = makeFrame(sent.seq, last ?? acks.last)
        sent.history.append(seq: sent.seq, frame: frame)
        sendAlone(last == nil ? acks.dropLast() : acks[...], &sent)
        transmit(frame, &sent)
        sendCounts.patchSent()
        sent.patchSent?(frame.rendered)
    }

    /// Owes the browser the ack of `ref` (echoing `key`): the next patch carries it, or, for a
    /// star (`shows`), the first patch showing it (see `PendingAcks`).
    func expectAck(_ ref: Int, key: String? = nil, shows: PendingAcks.ListSeq? = nil) {
        sent.withLock { sent in
            if let now = sent.acks.add(.init(ref: ref, key: key, shows: shows)) { sendAlone([now], &sent) }
            starsOwed.store(sent.acks.starsOwed, ordering: .releasing)
        }
    }

    /// Acknowledges `ref` alone, at once.
    func ack(_ ref: Int, key: String?) {
        sent.withLock { sendAlone([PendingAcks.Ack(ref: ref, key: key, shows: nil)], &$0) }
    }

    /// Acknowledges `ref` alone if no patch carried it yet (the action changed nothing
    /// visible). A star's ack waits for the patch showing it, unless `evenForAStar` (its list
    /// is past the star and no patch showed it).
    func flushAck(_ ref: Int, evenForAStar: Bool = false) {
        sent.withLock { sent in
            if let ack = sent.acks.take(ref, evenForAStar: evenForAStar) { sendAlone([ack], &sent) }
            starsOwed.store(sent.acks.starsOwed, ordering: .releasing)
        }
    }

    private func sendAlone(_ acks: some Sequence<PendingAcks.Ack>, _ sent: inout Sent) {
        for ack in acks { transmit(ServerMessage.ack(ref: ack.ref, key: ack.key).encoded(), &sent) }
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
               resumeSeq == sent.seq || (sent.history.firstSeq.map { $0 <= resumeSeq + 1 } ?? false) {
                for frame in sent.history.frames(after: resumeSeq) { transmit(frame, &sent) }
                // `state` is the projection the memos now hold: a state that moved without a
                // patch (a shared value read before its change reached the observer) is sent
                // now, or the next changed parts would be diffed against what the memos hold
                // and the browser lacks.
                let ops = JSONPatch.diff(from: sent.state, to: state)
                if !ops.isEmpty {
                    sent.state = state
                    sendPatch(&sent, acks: []) { seq, _ in
                        .bytes(ServerMessage.patch(seq: seq, ops: ops, ack: nil, key: nil).encoded(reusing: encodings))
                    }
                }
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

    /// Refuses the action `ref` (a bad frame, a role it lacks, a failed write): an `error`
    /// frame, counted by code.
    func refuse(ref: Int?, code: String, message: String) {
        metrics.error(code)
        send(ServerMessage.error(ref: ref, code: ProtocolError.Code(rawValue: code) ?? .forbidden, message: message).encoded())
    }

    /// The seq of the last patch sent (of the snapshot, before any).
    var seq: Int { sent.withLock { $0.seq } }

    /// The connection frames go to, if any.
    var connection: Connection? { sent.withLock { $0.connection } }

    /// The bytes of the patches kept for resuming (the memory breakdown's figure).
    var keptPatchBytes: Int { sent.withLock { $0.history.bytes } }

    private func transmit(_ frame: [UInt8], _ sent: inout Sent) {
        transmit(.bytes(frame), &sent)
    }

    private func transmit(_ frame: OutgoingText, _ sent: inout Sent) {
        guard !sent.needsSnapshot, let result = sent.connection?.send(frame) else { return }
        switch result {
        case .queued: sendCounts.bytesSent(frame.count)
        case .overflowed: sent.needsSnapshot = true
        case .closed: sent.connection = nil
        }
    }
}
