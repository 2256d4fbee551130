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
        withRemembered { remembered in writer.write(value, remembered: remembered) }
    }

    /// Calls `body` with a lookup of the remembered bytes of a value (nil: none), valid only
    /// within `body`: a frame looks its values up under one turn of the lock.
    func withRemembered<Result: Sendable>(_ body: (_ remembered: (JSONValue) -> UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        copy.withLock { copy in
            if copy.generation != memo.currentGeneration { (copy.table, copy.generation) = memo.copy() }
            // Read in place: a copy of the table out of `copy` would retain its storage, which
            // the other threads' copies share until the memo changes.
            return copy.table.entries.withUnsafeBufferPointer { entries in
                body { value in
                    guard let key = EncodedJSONMemo.key(of: value), let position = copy.table.positions[key] else { return nil }
                    return entries[position].bytes
                }
            }
        }
    }
}

extension JSONWriter {
    /// Writes `value`: its `remembered` bytes, or, for an array, each element's (a page of
    /// rows), else as `write(_:)` does.
    mutating func write(_ value: JSONValue, remembered: (JSONValue) -> UnsafeBufferPointer<UInt8>?) {
        if let bytes = remembered(value) { return raw(bytes) }
        guard case .array(let elements) = value else { return write(value) }
        raw("[")
        elements.withUnsafeBufferPointer { elements in
            for position in elements.indices {
                if position > 0 { raw(",") }
                if let bytes = remembered(elements[position]) { raw(bytes) } else { write(elements[position]) }
            }
        }
        raw("]")
    }

    /// The bytes `write(value, remembered:)` copies from `remembered`: what a frame holding
    /// `value` needs beyond its small parts.
    static func rememberedLength(of value: JSONValue, remembered: (JSONValue) -> UnsafeBufferPointer<UInt8>?) -> Int {
        if let bytes = remembered(value) { return bytes.count }
        guard case .array(let elements) = value else { return 0 }
        return elements.withUnsafeBufferPointer { elements in
            elements.reduce(0) { length, element in length + (remembered(element).map { $0.count + 1 } ?? 0) }
        }
    }
}
