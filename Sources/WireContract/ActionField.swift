import PokedexModels
import StateSync

/// One field of an action as the table declares it: its name, the kind of value it holds (type
/// and bounds) and whether it may be left out. `ActionDecoder` checks every field of an action
/// against its declaration before the action is built, so what the table says is what the
/// server accepts.
public struct ActionField: Sendable {
    public let name: String
    public let kind: FieldKind
    /// A field that may be absent (it reads as nil, as `null` does).
    public let isOptional: Bool

    public init(_ name: String, _ kind: FieldKind, isOptional: Bool = false) {
        self.name = name
        self.kind = kind
        self.isOptional = isOptional
    }

    /// The same field, allowed to be absent.
    public func optional() -> ActionField { ActionField(name, kind, isOptional: true) }
}

/// The kinds of value an action field holds. Each has one check (`check(_:in:pokemonIDs:)`),
/// one line in docs/PROTOCOL.md and one type tag for the web client.
public enum FieldKind: Sendable, Equatable {
    /// Any integer (a stack entry's id).
    case int
    /// The id of a row on screen; the action's builder looks it up in the state.
    case rowID
    /// A Pokémon the data source has.
    case pokemonID
    /// A list, invite or member id: a string of at most `ActionLimits.idLength` bytes.
    case id
    /// A string of at most `maxCharacters` characters.
    case text(maxCharacters: Int)
    /// A string of `characters` characters once trimmed of white space.
    case name(characters: ClosedRange<Int>)
    /// A Pokémon type's name.
    case type
    /// A Pokémon type's name, or null.
    case optionalType
    /// A route (any string; an invalid one lands on the list with a notice).
    case route
    /// An integer within these bounds.
    case intIn(ClosedRange<Int>)
    /// One of these strings.
    case choice([String])
    case bool

    /// How docs/PROTOCOL.md describes a value of this kind.
    public var summary: String {
        switch self {
        case .int: "integer"
        case .rowID: "integer, a row on screen"
        case .pokemonID: "integer, a Pokémon the server has"
        case .id: "string, ≤ \(ActionLimits.idLength) bytes"
        case let .text(max): "string, ≤ \(max) characters"
        case let .name(range): "string, \(range.lowerBound)–\(range.upperBound) characters trimmed"
        case .type: "a type's name"
        case .optionalType: "a type's name or null"
        case .route: "string, a route"
        case let .intIn(range): "integer, \(range.lowerBound)–\(range.upperBound)"
        case let .choice(values): values.map { "`\($0)`" }.joined(separator: " or ")
        case .bool: "boolean"
        }
    }

    /// The JSON type a web client must send (web/js/action-table.js).
    public var jsType: String {
        switch self {
        case .int, .rowID, .pokemonID, .intIn: "int"
        case .id, .text, .name, .type, .route, .choice: "string"
        case .optionalType: "string|null"
        case .bool: "bool"
        }
    }
}

extension ActionField {
    /// Refuses the field of `action` unless it is of this field's kind and within its bounds,
    /// with the `bad_action` message that names what is wrong.
    public func check(_ action: ActionPath, pokemonIDs: PokemonIDs) throws(ProtocolError) {
        if isOptional, !action.contains(name) { return }
        switch kind {
        case .int, .rowID: _ = try action.int(name)
        case .pokemonID: _ = try ActionLimits.pokemonID(action, name, in: pokemonIDs)
        case .id: _ = try ActionLimits.id(action, name)
        case let .text(max): _ = try ActionLimits.text(action, name, maxCharacters: max)
        case let .name(range): _ = try ActionLimits.name(action, name, characters: range)
        case .type: try ActionLimits.type(try action.string(name))
        case .optionalType: if let type = try action.optionalString(name) { try ActionLimits.type(type) }
        case .route: _ = try action.string(name)
        case let .intIn(range):
            let value = try action.int(name)
            guard range.contains(value) else {
                throw ProtocolError(.badAction, "Action '\(action.name)': '\(name)' is \(range.lowerBound) to \(range.upperBound), not \(value).")
            }
        case let .choice(values):
            let value = try action.string(name)
            guard values.contains(value) else {
                let allowed = values.map { "'\($0)'" }.joined(separator: " or ")
                throw ProtocolError(.badAction, "Action '\(action.name)': '\(name)' is \(allowed), not '\(value.prefix(40))'.")
            }
        case .bool: _ = try action.bool(name)
        }
    }
}
