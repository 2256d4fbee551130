import Synchronization

/// The encodings of JSON values built once for the whole process (a presented detail, a list
/// row: the server's JSON caches), found by the identity of their storage, so a patch that
/// carries one copies its bytes instead of writing it again. Browsing opens a detail on nearly
/// every other action, and each session wrote the same detail's JSON into its patch.
///
/// As in `PartsPatchMemo`, identity stands for content: an entry holds its value, so the
/// storage it names is never changed in place nor reused for another value while it is kept.
/// Only values handed to `remember` are kept, so a session's own JSON never fills the table.
public final class EncodedJSONMemo: Sendable {
    private struct Entry {
        /// Held only to keep its storage (and so the key) from being reused.
        let value: JSONValue
        let bytes: [UInt8]
    }

    /// Past this many values the memo starts over (values in use are remembered again when
    /// their cache builds them again; until then they are written as any other value).
    private let capacity: Int
    private let entries = Mutex<[UInt: Entry]>([:])

    public init(capacity: Int = 16 * 1024) {
        self.capacity = capacity
    }

    /// Remembers `value`'s encoding, when it is an object or array with storage of its own.
    public func remember(_ value: JSONValue) {
        guard let key = Self.key(of: value) else { return }
        var writer = JSONWriter()
        writer.write(value)
        let entry = Entry(value: value, bytes: writer.bytes)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }

    /// How many values are remembered.
    public var count: Int { entries.withLock { $0.count } }

    /// Writes `value`: its remembered bytes, or, for an array, each element's (a page of rows),
    /// else as `JSONWriter.write` does. One lock for the whole value.
    func write(_ value: JSONValue, into writer: inout JSONWriter) {
        guard case .array(let elements) = value else {
            guard let key = Self.key(of: value) else { return writer.write(value) }
            return entries.withLock { entries in
                if let entry = entries[key] { writer.raw(entry.bytes) } else { writer.write(value) }
            }
        }
        entries.withLock { entries in
            if let key = Self.key(of: value), let entry = entries[key] { return writer.raw(entry.bytes) }
            writer.raw("[")
            elements.withUnsafeBufferPointer { elements in
                for position in elements.indices {
                    if position > 0 { writer.raw(",") }
                    if let key = Self.key(of: elements[position]), let entry = entries[key] {
                        writer.raw(entry.bytes)
                    } else {
                        writer.write(elements[position])
                    }
                }
            }
            writer.raw("]")
        }
    }

    private static func key(of value: JSONValue) -> UInt? {
        switch value {
        case .object(let object): object.storageAddress.map { UInt(bitPattern: $0) }
        case .array(let array): array.storageAddress.map { UInt(bitPattern: $0) }
        default: nil
        }
    }
}
