import StateSync
import Synchronization

/// The JSON built from the latest few inputs, shared by every session that asks with an equal
/// input. Sessions showing the same list state, roster page or activity then hold one value,
/// not a copy each; and since their old and new parts are then the same storage, a push to
/// thousands of them is diffed and encoded once (`PartsPatchMemo`), not once per session.
final class RecentJSONCache<Input: Equatable & Sendable>: Sendable {
    /// Inputs remembered, newest first: one push reaches its sessions one after another.
    static var capacity: Int { 4 }

    private let recent = Mutex<[(input: Input, json: JSONValue)]>([])

    /// The JSON of an input equal to `input` if one was built lately, else `build(input)`'s,
    /// remembered.
    func json(for input: Input, build: (Input) -> JSONValue) -> JSONValue {
        // Compared in place: `first(where:)` copied each entry out, retaining all of its input.
        let cached = recent.withLock { recent -> JSONValue? in
            for index in recent.indices where recent[index].input == input { return recent[index].json }
            return .none
        }
        if let cached { return cached }
        let json = build(input)
        recent.withLock { recent in
            recent.insert((input, json), at: 0)
            if recent.count > Self.capacity { recent.removeLast() }
        }
        return json
    }
}
