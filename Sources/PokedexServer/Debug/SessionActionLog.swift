import Composable
import Logging
import PokedexFeatures
import StateSync
import Synchronization

/// The last actions one session reduced, for `/debug/sessions/ID` (`--debug` only): each with
/// the state difference it made, the effects it started and cancelled, and the patch frame its
/// batch sent. TCA's `_printChanges`, kept per session on the server instead of printed.
final class SessionActionLog: Sendable {
    static let capacity = 200

    struct Entry: Sendable {
        /// Counts every action the session reduced, from 1.
        let number: Int
        let time: String
        /// nil for a patch no action of this session caused (a shared value changed elsewhere).
        let action: String?
        /// One line per changed part of the state: `path: old → new`.
        let stateDiff: [String]
        let effectsStarted: [String]
        let effectsCancelled: [String]
        /// The patch frame as sent, on the last action of the batch that sent it.
        var patch: [UInt8]?
        /// On the other actions of that batch: the number of the entry holding the patch.
        var patchWith: Int?
    }

    private struct Entries {
        var recent: [Entry] = []
        var count = 0
        /// Entries of the batch being reduced: the patch sent after it belongs to them.
        var batchStart: Int?
    }

    private let entries = Mutex(Entries())

    /// Records an action the Store reduced (on the Store's executor).
    func record(_ reduced: ReducedActionRecord<AppFeature.State, AppFeature.Action>) {
        let diff = StateChanges.lines(from: reduced.stateBefore, to: reduced.stateAfter)
        let time = LogClock.now()
        entries.withLock { entries in
            entries.count += 1
            if entries.batchStart == nil { entries.batchStart = entries.count }
            append(Entry(
                number: entries.count, time: time, action: "\(reduced.action)", stateDiff: diff,
                effectsStarted: reduced.effectsStarted, effectsCancelled: reduced.effectsCancelled
            ), to: &entries)
        }
    }

    /// A patch frame went to the browser: it belongs to the batch just reduced, or, with none,
    /// to a change of shared state made elsewhere.
    func patchSent(_ frame: [UInt8]) {
        let time = LogClock.now()
        entries.withLock { entries in
            guard let start = entries.batchStart, let last = entries.recent.indices.last else {
                entries.count += 1
                append(Entry(number: entries.count, time: time, action: nil, stateDiff: [],
                             effectsStarted: [], effectsCancelled: [], patch: frame), to: &entries)
                return
            }
            entries.recent[last].patch = frame
            for index in entries.recent.indices.dropLast() where entries.recent[index].number >= start {
                entries.recent[index].patchWith = entries.recent[last].number
            }
        }
    }

    /// The Store's observer has seen the batch: the next patch is not its.
    func batchObserved() {
        entries.withLock { $0.batchStart = nil }
    }

    private func append(_ entry: Entry, to entries: inout Entries) {
        if entries.recent.count == Self.capacity { entries.recent.removeFirst() }
        entries.recent.append(entry)
    }

    var count: Int { entries.withLock { $0.count } }

    /// The kept entries, oldest first.
    var recent: [Entry] { entries.withLock { $0.recent } }
}

extension SessionActionLog.Entry {
    var json: JSONValue {
        var object: JSONObject = [
            "number": .int(number),
            "time": .string(time),
            "action": action.map(JSONValue.string) ?? .null,
            "stateDiff": .array(stateDiff.map(JSONValue.string)),
            "effectsStarted": .array(effectsStarted.map(JSONValue.string)),
            "effectsCancelled": .array(effectsCancelled.map(JSONValue.string)),
        ]
        object["patch"] = patch.map { (try? JSONParser.parse($0)) ?? .string(String(decoding: $0, as: UTF8.self)) } ?? .null
        if let patchWith { object["patchWith"] = .int(patchWith) }
        return .object(object)
    }
}
