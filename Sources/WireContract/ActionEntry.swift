import Composable
import PokedexFeatures
import StateSync

/// One action of the wire contract: where it sits in the action tree, its fields, who may send
/// it, its rate class, what it means, an example, and how it becomes an `AppFeature.Action`.
/// `ActionTable.entries` lists them all; nothing else decides what a browser may send.
public final class ActionEntry: Sendable {
    /// The case names from the root, e.g. `["list", "favoriteSet"]`. Under
    /// `ActionTable.stackElement` the path continues inside the element's `action` field.
    public let path: [String]
    public let fields: [ActionField]
    public let role: RequiredRole
    public let rate: RateClass
    /// One sentence for docs/PROTOCOL.md.
    public let meaning: String
    /// The documented example's fields (and the stack element's id, under `path.element`).
    public let example: JSONObject
    public let exampleElement: Int?
    /// Whether the action may carry a `key` (a star's intent): the server applies a key once
    /// per user, and a client may replay the action with it until it is acknowledged.
    public let isKeyed: Bool
    /// Takes the state apart from the input: a parameter is borrowed, a stored copy of the
    /// session's state would retain and release every one of its parts on each action.
    let build: @Sendable (ActionInput, AppFeature.State) throws(ProtocolError) -> AppFeature.Action

    init(
        _ name: String, _ fields: [ActionField] = [], role: RequiredRole, rate: RateClass = .read,
        _ meaning: String, example: JSONObject = [:], exampleElement: Int? = nil, keyed: Bool = false,
        build: @escaping @Sendable (ActionInput, AppFeature.State) throws(ProtocolError) -> AppFeature.Action
    ) {
        path = name.split(separator: ".").map(String.init)
        self.fields = fields
        self.role = role
        self.rate = rate
        self.meaning = meaning
        self.example = example
        self.exampleElement = exampleElement
        self.isKeyed = keyed
        self.build = build
    }

    /// The dotted path, e.g. `list.favoriteSet`.
    public var name: String { path.joined(separator: ".") }

    /// Builds the action, for `state`, once its fields have passed their checks.
    public func action(_ input: ActionInput, in state: AppFeature.State) throws(ProtocolError) -> AppFeature.Action {
        try build(input, state)
    }
}

/// What an entry's builder reads besides the state: the action's innermost level (its fields,
/// already checked against the entry's declarations) and the stack element it names.
public struct ActionInput {
    public let action: ActionPath
    public let element: StackElementID?

    public init(action: ActionPath, element: StackElementID?) {
        self.action = action
        self.element = element
    }

    // The fields were checked, so these reads cannot fail; an unchecked read is a table bug.
    func int(_ field: String) -> Int { action.payload[field]?.intValue ?? 0 }
    func string(_ field: String) -> String { action.payload[field]?.stringValue ?? "" }
    func optionalString(_ field: String) -> String? { action.payload[field]?.stringValue }
    func bool(_ field: String) -> Bool { action.payload[field]?.boolValue ?? false }
    func optionalInt(_ field: String) -> Int? { action.payload[field]?.intValue }

    /// The refusal for a row id that is not on screen.
    func noRow(_ id: Int) -> ProtocolError {
        ProtocolError(.badAction, "Action '\(action.name)': no row with id \(id) is on screen.")
    }
}
