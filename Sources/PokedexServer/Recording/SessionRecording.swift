import Composable
import Foundation
import PokedexFeatures
import PokedexModels
import StateSync
import Synchronization

/// One session's recording (`docs/RECORDING.md`): its start, then every action the Store
/// reduced with its source, the shared values as the reducers saw them, the snapshot and each
/// patch sent. A ring of the last `capacity` actions, as JSON Lines, secrets redacted.
///
/// Told from the Store's executor (actions, observer calls) and under the session output's
/// lock (patches), so it keeps its lines under a lock of its own.
final class SessionRecording: Sendable {
    static let defaultCapacity = 1_000

    /// The shared values last written, to write only what changed.
    struct SharedValues: Equatable {
        var favorites: Set<Int>?
        var lists: [ListSummary]?
        var roster: ListRoster?
        var activity: ListActivity?
    }

    private struct Lines {
        var start: RecordingStart
        /// The kept lines after the start, oldest first, from `head` on.
        var lines: [[UInt8]] = []
        var head = 0
        /// Where each kept action's line is in `lines`, oldest first, from `actionHead` on.
        var actionLines: [Int] = []
        var actionHead = 0
        var actionCount = 0
        var bytes = 0
        /// A browser frame the Store is about to reduce (set by the session around its send).
        var pendingFrame: JSONValue?
        var shared = SharedValues()
        /// Where the recording is written (when its session ends, and when the user consents);
        /// nil: memory only (`--debug`'s).
        var directory: String?
        /// States the ring may begin from once it drops its oldest actions, oldest first: the
        /// state the observer last published, at the first action after it (so the browser
        /// had its projection), one every `checkpointInterval` actions or so.
        /// Written at once (`StateCodec`, redacted), with the shared values as they were then.
        var checkpoints: [(line: Int, state: JSONValue)] = []
        /// The state the kept lines begin from, when the ring dropped the session's start
        /// (nil: dropped between checkpoints, and a replay cannot start).
        var headState: JSONValue?
        /// The state the observer last published, with its shared values then, until the next
        /// action.
        var observed: (state: AppFeature.State, shared: SharedValues)?
        var actionsSinceCheckpoint = 0
    }

    let capacity: Int
    /// `--debug`: state differences, effects and batch ends too (`SessionRecording+Debug`).
    let keepsDebugDetail: Bool
    private let state: Mutex<Lines>
    /// Told when the recording is gone (a consented one frees its place: `ConsentRecordings`).
    private let ended: (@Sendable () -> Void)?

    init(
        start: RecordingStart, capacity: Int = SessionRecording.defaultCapacity, keepsDebugDetail: Bool = false,
        directory: String? = nil, ended: (@Sendable () -> Void)? = nil
    ) {
        self.capacity = max(1, capacity)
        self.keepsDebugDetail = keepsDebugDetail
        self.ended = ended
        state = Mutex(Lines(start: start, shared: SharedValues(favorites: start.favorites, lists: start.lists), directory: directory))
    }

    deinit { ended?() }

    // MARK: Told by the session

    /// The next external action is this browser frame's (nil: done with it).
    func browserFrame(_ frame: JSONValue?) {
        state.withLock { $0.pendingFrame = frame }
    }

    /// The Store is about to reduce `action` (its `recordActions` hook).
    func record(_ appState: AppFeature.State, _ action: AppFeature.Action, _ source: ActionSource) {
        let shared = Self.sharedValues(of: appState)
        let checkpointInterval = max(1, capacity / 4)
        state.withLock { lines in
            if let observed = lines.observed {
                lines.observed = nil
                if lines.actionsSinceCheckpoint >= checkpointInterval {
                    lines.checkpoints.append((lines.lines.count, Redaction.redact(StateCodec.encode(observed.state, shared: observed.shared))))
                    lines.actionsSinceCheckpoint = 0
                }
            }
            lines.actionsSinceCheckpoint += 1
            appendShared(shared, &lines)
            lines.actionCount += 1
            // Written as bytes around the action's own JSON, redacted only when its bytes may
            // hold a secret (an invite's or sign-in code, a join link): most carry none.
            var line = Array(#"{"type":"action","n":"#.utf8) + Array(String(lines.actionCount).utf8)
            let payload: JSONValue
            switch source {
            case .external:
                if let frame = lines.pendingFrame {
                    lines.pendingFrame = nil
                    line += Array(#","source":"browser","frame":"#.utf8)
                    payload = frame
                } else {
                    line += Array(#","source":"store","action":"#.utf8)
                    payload = ActionCodec.encode(action)
                }
            case .send:
                line += Array(#","source":"send","action":"#.utf8)
                payload = ActionCodec.encode(action)
            case .effect:
                line += Array(#","source":"effect","action":"#.utf8)
                payload = ActionCodec.encode(action)
            }
            line += Redaction.redacted(payload.jsonBytes)
            line.append(UInt8(ascii: "}"))
            append(line, isAction: true, &lines)
        }
    }

    /// The Store's observer is about to publish `appState`: shared values changed since the
    /// last action are written before the patch they cause. `projection` has just built the
    /// parts to publish: its inputs are written, not the values read again, so a change another
    /// thread committed meanwhile is not before a patch that lacks it (the next batch brings it).
    func observed(_ appState: AppFeature.State, projectedBy projection: SessionProjection) {
        observed(appState, shared: Self.sharedValues(of: appState, builtFrom: projection))
    }

    /// The observer stopped before publishing `appState` (a list lost): its shared values as
    /// they are now.
    func observed(_ appState: AppFeature.State) {
        observed(appState, shared: Self.sharedValues(of: appState))
    }

    private func observed(_ appState: AppFeature.State, shared: SharedValues) {
        let keepsDebugDetail = self.keepsDebugDetail
        state.withLock { lines in
            if keepsDebugDetail { append(Array(#"{"type":"observed"}"#.utf8), isAction: false, &lines) }
            appendShared(shared, &lines)
            lines.observed = (appState, shared)
        }
    }

    /// The reducers gave a pushed screen this id, while reducing the last action recorded.
    func stackIDTaken(_ id: StackElementID) {
        state.withLock { lines in
            guard lines.actionCount > 0 else { return }
            append(Array(#"{"type":"stackID","n":\#(lines.actionCount),"id":\#(id.rawValue)}"#.utf8), isAction: false, &lines)
        }
    }

    /// A browser was sent this state as a snapshot: the patches after it diff from it.
    func snapshotSent(_ json: JSONValue) {
        let line = ModelCodec.object([("type", "snapshot"), ("state", Redaction.redact(json))]).jsonBytes
        state.withLock { append(line, isAction: false, &$0) }
    }

    /// A patch frame went to the browser. Kept as sent (a frame is JSON already); parsed only
    /// when it may hold a secret.
    func patchSent(_ frame: [UInt8]) {
        var line = Array(#"{"type":"patch","frame":"#.utf8)
        line += Redaction.redacted(frame)
        line.append(UInt8(ascii: "}"))
        state.withLock { append(line, isAction: false, &$0) }
    }

    // MARK: Reading

    /// Actions reduced so far (kept or dropped).
    var actionCount: Int { state.withLock { $0.actionCount } }

    /// The recording as JSON Lines: the start line, then the kept lines.
    var jsonLines: [UInt8] {
        state.withLock { lines in
            var start = lines.start
            start.droppedActions = lines.actionCount - (lines.actionLines.count - lines.actionHead)
            if start.droppedActions > 0 { start.state = lines.headState }
            var bytes = start.json.jsonBytes
            bytes.reserveCapacity(bytes.count + 1 + lines.bytes)
            bytes.append(UInt8(ascii: "\n"))
            for line in lines.lines[lines.head...] {
                bytes += line
                bytes.append(UInt8(ascii: "\n"))
            }
            return bytes
        }
    }

    /// Bytes of the kept lines (the start line aside).
    var keptBytes: Int { state.withLock { $0.bytes } }

    /// The kept lines after the start, oldest first.
    var keptLines: [[UInt8]] { state.withLock { Array($0.lines[$0.head...]) } }

    /// Appends the line `make` builds for the last action recorded (its number), unless none was.
    func appendDebugLine(_ make: (Int) -> JSONValue) {
        state.withLock { lines in
            guard lines.actionCount > 0 else { return }
            append(make(lines.actionCount).jsonBytes, isAction: false, &lines)
        }
    }

    /// Where the recording is written, nil while it is kept in memory only.
    var directory: String? { state.withLock { $0.directory } }

    /// Writes the recording to `directory` from now on (a `--debug` recording the user
    /// consented to keep).
    func keep(in directory: String) {
        state.withLock { $0.directory = directory }
    }

    /// Writes the recording to `directory/SESSION.jsonl` (made if missing), replacing an older
    /// copy; returns the file's path.
    @discardableResult
    func write(to directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let session = state.withLock { $0.start.session }
        let path = (directory as NSString).appendingPathComponent(Self.fileName(session: session))
        try Data(jsonLines).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }

    static func fileName(session: String) -> String {
        // Session ids are the server's own (hex); anything else is kept out of the path.
        String(session.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) + ".jsonl"
    }

    // MARK: Lines

    /// The shared values `state` holds: those `projection` last built its parts from where it
    /// has them, else as they are now (read only then).
    static func sharedValues(of state: AppFeature.State, builtFrom projection: SessionProjection? = nil) -> SharedValues {
        let inputs = projection?.sharedInputs()
        var values = SharedValues(
            favorites: inputs?.favorites ?? state.favorites.wrappedValue,
            lists: inputs?.lists ?? state.account.lists.wrappedValue)
        if case let .favorites(view) = state.destination {
            values.roster = inputs?.roster ?? view.roster?.wrappedValue
            values.activity = inputs?.activity ?? view.activity?.wrappedValue
        }
        return values
    }

    private func appendShared(_ shared: SharedValues, _ lines: inout Lines) {
        guard shared != lines.shared else { return }
        var members: [(String, JSONValue?)] = [("type", "shared")]
        if shared.favorites != lines.shared.favorites, let favorites = shared.favorites {
            members.append(("favorites", .array(favorites.sorted().map(JSONValue.int))))
        }
        if shared.lists != lines.shared.lists, let lists = shared.lists {
            members.append(("lists", .array(lists.map(ModelCodec.encode))))
        }
        if shared.roster != lines.shared.roster, let roster = shared.roster {
            members.append(("roster", Redaction.redact(ModelCodec.encode(roster))))
        }
        if shared.activity != lines.shared.activity, let activity = shared.activity {
            members.append(("activity", ModelCodec.encode(activity)))
        }
        lines.shared = shared
        guard members.count > 1 else { return }
        append(ModelCodec.object(members).jsonBytes, isAction: false, &lines)
    }

    /// Appends a line; past `capacity` actions, drops the oldest actions up to the first
    /// checkpoint after them (the ring then begins from a state it keeps), or else the oldest
    /// action alone.
    private func append(_ line: [UInt8], isAction: Bool, _ lines: inout Lines) {
        if isAction { lines.actionLines.append(lines.lines.count) }
        lines.lines.append(line)
        lines.bytes += line.count
        guard lines.actionLines.count - lines.actionHead > capacity else { return }
        let keepFrom: Int
        if let index = lines.checkpoints.firstIndex(where: { $0.line > lines.head }) {
            let checkpoint = lines.checkpoints[index]
            lines.checkpoints.removeFirst(index + 1)
            keepFrom = checkpoint.line
            lines.headState = checkpoint.state
            while lines.actionLines[lines.actionHead] < keepFrom { lines.actionHead += 1 }
        } else {
            lines.actionHead += 1
            keepFrom = lines.actionLines[lines.actionHead]
            lines.headState = nil
        }
        for index in lines.head..<keepFrom { lines.bytes -= lines.lines[index].count }
        lines.head = keepFrom
        // Compacts once the dropped part outgrows the kept one: amortized O(1) a line.
        if lines.head > lines.lines.count / 2 {
            let shift = lines.head
            lines.lines.removeFirst(shift)
            lines.actionLines = lines.actionLines[lines.actionHead...].map { $0 - shift }
            lines.checkpoints = lines.checkpoints.map { ($0.line - shift, $0.state) }
            lines.actionHead = 0
            lines.head = 0
        }
    }
}
