import StateSync

/// What the project's own compact records (the catalog file, cache entries) write with
/// StateSync's `JSONWriter`, the one writer: optional values as `null`, and arrays of items.
extension JSONWriter {
    mutating func int(_ value: Int?) {
        if let value { write(value) } else { raw("null") }
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func string(_ value: String?) {
        if let value { write(value) } else { raw("null") }
    }

    /// `[a,b,…]`, writing each element with `element`.
    mutating func array<S: Sequence>(_ items: S, _ element: (inout JSONWriter, S.Element) -> Void) {
        raw("[")
        var first = true
        for item in items {
            if !first { raw(",") }
            first = false
            element(&self, item)
        }
        raw("]")
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
