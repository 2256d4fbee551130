import Composable
import PokedexFeatures
import StateSync

/// `--debug`: the recording also keeps, for `/debug/sessions/ID`, what each action changed
/// in the state (one line per changed part: `path: old → new`), the effects it started and
/// cancelled, and where each batch the observer saw ended. TCA's `_printChanges`, kept per
/// session on the server instead of printed, in the recording's own ring.
extension SessionRecording {
    /// What the Store's inspector hands over after an action was reduced.
    func inspected(_ reduced: ReducedActionRecord<AppFeature.State, AppFeature.Action>) {
        let diff = StateChanges.lines(from: reduced.stateBefore, to: reduced.stateAfter)
        appendDebugLine { number in
            [
                "type": "debug", "n": .int(number),
                "stateDiff": .array(diff.map { .string(Redaction.redact($0)) }),
                "effectsStarted": .array(reduced.effectsStarted.map(JSONValue.string)),
                "effectsCancelled": .array(reduced.effectsCancelled.map(JSONValue.string)),
            ]
        }
    }

    /// The debug view of the kept lines, oldest first: one entry per action (its number,
    /// source, action or frame, state difference and effects) with the patch frame its batch
    /// sent on the batch's last action (`patchWith` on the others), and one entry without an
    /// action per patch that no action of this session caused (a shared change made elsewhere).
    var debugEntries: [JSONValue] {
        var entries: [JSONObject] = []
        // The actions reduced since the observer's last call, and those of the batch it is
        // publishing (an `observed` line comes first, then the batch's patch, if any).
        var batch: [Int] = [], observed: [Int] = []
        for line in keptLines.compactMap({ try? JSONParser.parse($0, maxDepth: 256) }) {
            switch line["type"]?.stringValue {
            case "action":
                let action = line["frame"] ?? line["action"] ?? .null
                batch.append(entries.count)
                entries.append([
                    "number": line["n"] ?? .null, "source": line["source"] ?? .null, "action": .string(action.jsonString),
                    "stateDiff": [], "effectsStarted": [], "effectsCancelled": [], "patch": .null,
                ])
            case "debug":
                guard let index = entries.lastIndex(where: { $0["number"] == line["n"] }) else { continue }
                for key in ["stateDiff", "effectsStarted", "effectsCancelled"] { entries[index][key] = line[key] ?? [] }
            case "patch":
                guard let last = observed.last else {
                    entries.append(["number": .null, "source": .null, "action": .null, "stateDiff": [], "effectsStarted": [],
                                    "effectsCancelled": [], "patch": line["frame"] ?? .null])
                    continue
                }
                entries[last]["patch"] = line["frame"] ?? .null
                for index in observed.dropLast() { entries[index]["patchWith"] = entries[last]["number"] }
                observed = []
            case "observed":
                observed = batch
                batch = []
            default:
                continue
            }
        }
        return entries.map(JSONValue.object)
    }
}
