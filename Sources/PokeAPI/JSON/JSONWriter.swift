/// Builds compact JSON text: the project's own records (catalog file, cache entries).
struct JSONWriter {
    private(set) var text = ""

    mutating func raw(_ fragment: String) {
        text += fragment
    }

    mutating func int(_ value: Int?) {
        text += value.map(String.init) ?? "null"
    }

    mutating func bool(_ value: Bool) {
        text += value ? "true" : "false"
    }

    mutating func string(_ value: String?) {
        guard let value else { text += "null"; return }
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// `[a,b,…]`, writing each element with `element`.
    mutating func array<S: Sequence>(_ items: S, _ element: (inout JSONWriter, S.Element) -> Void) {
        text += "["
        var first = true
        for item in items {
            if !first { text += "," }
            first = false
            element(&self, item)
        }
        text += "]"
    }
}
