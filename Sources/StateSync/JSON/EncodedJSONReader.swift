import Synchronization

/// One service thread's way into an `EncodedJSONMemo`: its own copy of the memo's table, so
/// writing a patch takes no lock another thread takes and writes no line another thread
/// reads; the copy is taken again when the memo's generation has moved on.
///
/// Its lock is only ever taken by its own thread (a session publishes on the thread it runs
/// on), but a patch written elsewhere stays correct through it.
public final class EncodedJSONReader: Sendable {
    private struct Copy {
        var table: EncodedJSONMemo.Table
        var generation: Int
    }

    private let memo: EncodedJSONMemo
    private let copy: Mutex<Copy>

    public init(_ memo: EncodedJSONMemo) {
        self.memo = memo
        let (table, generation) = memo.copy()
        copy = Mutex(Copy(table: table, generation: generation))
    }

    /// How many values its copy holds.
    var count: Int { copy.withLock { $0.table.entries.count } }

    /// Writes `value`: its remembered bytes, or, for an array, each element's (a page of rows),
    /// else as `JSONWriter.write` does.
    func write(_ value: JSONValue, into writer: inout JSONWriter) {
        copy.withLock { copy in
            if copy.generation != memo.currentGeneration { (copy.table, copy.generation) = memo.copy() }
            // Read in place: a copy of the table out of `copy` would retain its storage, which
            // the other threads' copies share until the memo changes.
            copy.table.entries.withUnsafeBufferPointer { entries in
                /// Writes the remembered bytes of `value`, if any; returns whether it did.
                func writeRemembered(_ value: JSONValue) -> Bool {
                    guard let key = EncodedJSONMemo.key(of: value), let position = copy.table.positions[key] else { return false }
                    writer.raw(entries[position].bytes)
                    return true
                }
                if writeRemembered(value) { return }
                guard case .array(let elements) = value else { return writer.write(value) }
                writer.raw("[")
                elements.withUnsafeBufferPointer { elements in
                    for position in elements.indices {
                        if position > 0 { writer.raw(",") }
                        if !writeRemembered(elements[position]) { writer.write(elements[position]) }
                    }
                }
                writer.raw("]")
            }
        }
    }
}
