import StateSync

extension ActionEntry {
    /// This action as a browser sends it, with these fields (and stack element, under
    /// `ActionTable.stackElement`): `{"list":{"favoriteSet":{"id":25,"on":true}}}`.
    public func json(_ fields: JSONObject = [:], element: Int? = nil) -> JSONValue {
        var level = JSONValue.object(fields)
        let elementDepth = path.starts(with: ActionTable.stackElement) ? ActionTable.stackElement.count - 1 : nil
        for depth in path.indices.reversed() {
            // At the stack element, `level` is the screen's action: it goes under `action`.
            if depth == elementDepth { level = ["id": .int(element ?? 0), "action": level] }
            level = [path[depth]: level]
        }
        return level
    }

    /// The documented example.
    public var exampleJSON: JSONValue { json(example, element: exampleElement) }
}

extension ActionTable {
    /// The action `name` with `fields`, for a client that builds actions (the load tester).
    /// A name or a field the table does not have is a programming error.
    public static func action(_ name: String, _ fields: JSONObject = [:], element: Int? = nil) -> JSONValue {
        let matching = entries(named: name).first { entry in
            entry.fields.allSatisfy { $0.isOptional || fields[$0.name] != nil }
                && fields.keys.allSatisfy { key in entry.fields.contains { $0.name == key } }
        }
        guard let entry = matching else { preconditionFailure("The action table has no '\(name)' with fields \(fields.keys).") }
        return entry.json(fields, element: element)
    }
}

extension ActionTable {
    /// Whether the action (as a browser sends it) is one that may carry a `key`.
    public static func isKeyed(_ action: JSONValue) -> Bool {
        var path: [String] = []
        var level = action
        while let object = level.objectValue {
            if path == stackElement, let inner = object["action"] {
                level = inner
                path.append("")  // past the element: the screen's action follows
                continue
            }
            guard object.count == 1, let member = object.members.first else { return false }
            path.append(member.key)
            let name = path.filter { !$0.isEmpty }.joined(separator: ".")
            let named = entries(named: name)
            if !named.isEmpty { return named.contains(where: \.isKeyed) }
            level = member.value
        }
        return false
    }
}
