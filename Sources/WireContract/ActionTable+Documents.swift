import StateSync

/// The table rendered for its two readers outside Swift: docs/PROTOCOL.md's action table and
/// web/js/action-table.js. Both files are checked in and compared with these renderings by
/// `WireContractTests`, which rewrites them when `POKEDEX_WRITE_CONTRACT=1` is set.
extension ActionTable {
    /// The lines that open and close the generated table in docs/PROTOCOL.md.
    public static let markdownMarkers = (
        begin: "<!-- action-table: generated from Sources/WireContract/ActionTable.swift -->",
        end: "<!-- action-table: end -->"
    )

    public static var markdown: String {
        var lines = [
            markdownMarkers.begin,
            "| action (example) | fields | who | rate | meaning |",
            "|---|---|---|---|---|",
        ]
        for entry in entries {
            var fields = entry.fields.map { field in
                "`\(field.name)` (\(field.kind.summary)\(field.isOptional ? ", optional" : ""))"
            }
            if entry.path.starts(with: stackElement) { fields.insert("`id` (integer, the stack entry)", at: 0) }
            let cells = [
                "`\(entry.exampleJSON.jsonString)`",
                fields.isEmpty ? "—" : fields.joined(separator: ", "),
                entry.role.summary,
                entry.rate.rawValue + (entry.isKeyed ? ", `key`" : ""),
                entry.meaning,
            ]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        lines.append(markdownMarkers.end)
        return lines.joined(separator: "\n")
    }

    /// A JavaScript module: each action's name with the fields of each of its forms and their
    /// JSON types (`?` marks an optional field), and the stack element's path.
    public static var javaScript: String {
        var lines = [
            "// The wire contract's actions for the web client, generated from",
            "// Sources/WireContract/ActionTable.swift (WireContractTests checks it; set",
            "// POKEDEX_WRITE_CONTRACT=1 when running them to rewrite it). Build actions with actions.js.",
            "",
            "export const stackElement = \(JSONValue.array(stackElement.map { .string($0) }).jsonString);",
            "",
            "export const actions = {",
        ]
        var seen: Set<String> = []
        for entry in entries where seen.insert(entry.name).inserted {
            let forms = entries(named: entry.name).map { form -> String in
                let fields = form.fields.map { field -> (String, JSONValue) in
                    (field.name, .string(field.kind.jsType + (field.isOptional ? "?" : "")))
                }
                return JSONValue.object(JSONObject(uniqueKeysWithValues: fields)).jsonString
            }
            lines.append("  \(JSONValue.string(entry.name).jsonString): [\(forms.joined(separator: ", "))],")
        }
        lines.append("};")
        lines.append("")
        lines.append("// Actions that may carry a `key`: star intents, replayed until acknowledged.")
        let keyed = entries.filter(\.isKeyed).map { JSONValue.string($0.name) }
        lines.append("export const keyed = \(JSONValue.array(keyed).jsonString);")
        return lines.joined(separator: "\n") + "\n"
    }
}
