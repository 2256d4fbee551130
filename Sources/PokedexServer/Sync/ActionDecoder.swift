import Composable
import PokedexFeatures
import PokedexModels
import StateSync
import WireContract

/// Reads a browser's action (docs/PROTOCOL.md, "Actions") by the wire contract,
/// `ActionTable`: a path the table does not have is `unknown_action`, a field that is not of
/// its declared kind and bounds is `bad_action`, and the Store never sees either. Rows are named
/// by id and looked up in the session's state, so a client cannot invent one. (Public for the
/// benchmarks.)
public enum ActionDecoder {
    /// An action the table knows, with the entry that decoded it (for its role and rate).
    public struct Decoded: Sendable {
        public let entry: ActionEntry
        /// The action's innermost level: its fields.
        public let fields: ActionPath
        public let action: AppFeature.Action
    }

    public static func decode(
        _ json: JSONValue, in state: AppFeature.State, pokemonIDs: PokemonIDs
    ) throws(ProtocolError) -> Decoded {
        var level = try ActionPath(json)
        var node = root
        var element: StackElementID?
        while true {
            guard let next = node.child(level.case) else { throw level.unknownCase() }
            node = next
            if !node.entries.isEmpty {
                let entry = try form(of: level, among: node.entries)
                for field in entry.fields { try field.check(level, pokemonIDs: pokemonIDs) }
                let action = try entry.action(ActionInput(action: level, element: element), in: state)
                return Decoded(entry: entry, fields: level, action: action)
            }
            if node.isStackElement {
                element = StackElementID(try level.int("id"))
                level = try level.nested("action")
            } else {
                level = try level.nested()
            }
        }
    }

    /// The entry for `action` when one path has several forms told apart by their first field
    /// (`list.binding` binds `search` or `type`).
    private static func form(of action: ActionPath, among entries: [ActionEntry]) throws(ProtocolError) -> ActionEntry {
        if entries.count == 1 { return entries[0] }
        for entry in entries where entry.fields.first.map({ action.contains($0.name) }) ?? true { return entry }
        let names = entries.compactMap { $0.fields.first.map { "'\($0.name)'" } }.joined(separator: " or ")
        throw ProtocolError(.badAction, "Action '\(action.name)' binds \(names).")
    }

    /// One level of the table's paths: the cases below it, or the entries it ends in.
    final class Node: Sendable {
        /// A level has a few cases: comparing their names in turn beats hashing the name.
        let childNames: [String]
        let childNodes: [Node]
        let entries: [ActionEntry]
        let isStackElement: Bool

        init(_ entries: [ActionEntry], depth: Int) {
            self.entries = entries.filter { $0.path.count == depth }
            var names: [String] = []
            for entry in entries where entry.path.count > depth && !names.contains(entry.path[depth]) {
                names.append(entry.path[depth])
            }
            childNames = names
            childNodes = names.map { name in Node(entries.filter { $0.path.count > depth && $0.path[depth] == name }, depth: depth + 1) }
            isStackElement = depth > 0 && entries.allSatisfy { $0.path.prefix(depth).elementsEqual(ActionTable.stackElement) }
        }

        func child(_ name: String) -> Node? {
            childNames.firstIndex(of: name).map { childNodes[$0] }
        }
    }

    static let root = Node(ActionTable.entries, depth: 0)
}
