import Foundation
import StateSync

/// What a replay found: how much it checked, and the first difference, if any.
public struct ReplayReport: Sendable, Equatable {
    public var actions: Int
    public var patches: Int
    public var difference: ReplayDifference?

    /// `replay: N actions, M patches, 0 differences`, or the first difference.
    public var summary: String {
        guard let difference else { return "replay: \(actions) actions, \(patches) patches, 0 differences" }
        return "replay: \(actions) actions, \(patches) patches, first difference at \(difference)"
    }
}

/// The first place a replay differs from its recording.
public struct ReplayDifference: Sendable, Equatable, CustomStringConvertible {
    /// The action it showed at: the one reduced, or for a state sent, the first action of the
    /// batch it followed (`lastAction` the last one).
    public var action: Int
    public var lastAction: Int
    /// Where in the state (or the action, for a synchronous send) they differ.
    public var pointer: String
    public var recorded: JSONValue?
    public var replayed: JSONValue?
    /// What was compared: `state`, `patch`, `send`, or why the action could not be replayed.
    public var what: String

    public var description: String {
        "action \(action == lastAction ? "\(action)" : "\(action)–\(lastAction)") (\(what)): \(pointer.isEmpty ? "/" : pointer): recorded \(Self.text(recorded)), replayed \(Self.text(replayed))"
    }

    static func text(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        let text = value.jsonString
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }

    /// The first place `replayed` differs from `recorded` (nil: equal), found with the diff
    /// the server sends patches with.
    static func first(recorded: JSONValue, replayed: JSONValue, actions: ClosedRange<Int>, what: String) -> ReplayDifference? {
        guard recorded != replayed else { return nil }
        let pointer = JSONPatch.diff(from: recorded, to: replayed).first?.path ?? ""
        return ReplayDifference(
            action: actions.lowerBound, lastAction: actions.upperBound, pointer: pointer, recorded: value(at: pointer, in: recorded), replayed: value(at: pointer, in: replayed), what: what
        )
    }

    /// The value a pointer names, nil when there is none.
    static func value(at pointer: String, in document: JSONValue) -> JSONValue? {
        guard !pointer.isEmpty else { return document }
        var node = document
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if case let .array(values) = node {
                guard let index = Int(key), values.indices.contains(index) else { return nil }
                node = values[index]
            } else {
                guard let next = node[key] else { return nil }
                node = next
            }
        }
        return node
    }
}
