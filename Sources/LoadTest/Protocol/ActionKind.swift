import StateSync

/// The name an action is counted under in the report: its case path down to the first level
/// that carries fields, e.g. `list.rowTapped` for `{"list":{"rowTapped":{"id":25}}}` and
/// `navigate` for `{"navigate":{"route":"/pokemon/3"}}`. The mix of kinds shows at a glance
/// whether a scenario does what it says (a browse walk once fell into opening and closing
/// details only, and no figure showed it).
package enum ActionKind {
    package static func name(of action: JSONValue) -> String {
        var names: [String] = []
        var level = action
        while let object = level.objectValue, object.count == 1, let member = object.members.first,
              member.value.objectValue != nil {
            names.append(member.key)
            level = member.value
        }
        return names.isEmpty ? "?" : names.joined(separator: ".")
    }
}
