import Synchronization

/// The encodings of JSON values built once for the whole process (a presented detail, a list
/// row: the server's JSON caches), found by the identity of their storage, so a patch that
/// carries one copies its bytes instead of writing it again. Browsing opens a detail on nearly
/// every other action, and each session wrote the same detail's JSON into its patch.
///
/// As in `PartsPatchMemo`, identity stands for content: an entry holds its value, so the
/// storage it names is never changed in place nor reused for another value while it is kept.
/// Only values handed to `remember` are kept, so a session's own JSON never fills the table.
///
/// Entries are read in place (an array beside the table of positions): reading one out of a
/// dictionary copied it, retaining the value and its bytes, objects every session's thread
/// shares, for each value a patch carried.
public final class EncodedJSONMemo: Sendable {
    /// Sendable: `start` points into `storage`, whose bytes are written once, before the entry
    /// is made, and freed only with it.
    private struct Entry: @unchecked Sendable {
        /// Held only to keep its storage (and so the key) from being reused.
        let value: JSONValue
        /// Held only to keep `start` allocated.
        let storage: EncodedBytes
        /// The encoding's bytes, read through the entry: reading them through their array
        /// retained and released it, a line of a value every session's thread shares, written
        /// by both service threads for each value a patch carried.
        let start: UnsafePointer<UInt8>
        let count: Int

        init(value: JSONValue, bytes: [UInt8]) {
            self.value = value
            storage = EncodedBytes(bytes)
            start = UnsafePointer(storage.bytes.baseAddress!)
            count = storage.bytes.count
        }

        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }
    }

    /// Bytes in memory of their own, freed with the object (never empty: an object's or an
    /// array's encoding has its brackets).
    private final class EncodedBytes: Sendable {
        nonisolated(unsafe) let bytes: UnsafeMutableBufferPointer<UInt8>

        init(_ source: [UInt8]) {
            bytes = .allocate(capacity: source.count)
            _ = bytes.initialize(from: source)
        }

        deinit { bytes.deallocate() }
    }

    private struct Table {
        /// Where each value's entry is in `entries`, by its storage's address.
        var positions: [UInt: Int] = [:]
        var entries: [Entry] = []
    }

    /// Past this many values the memo starts over (values in use are remembered again when
    /// their cache builds them again; until then they are written as any other value).
    private let capacity: Int
    private let table = Mutex(Table())

    public init(capacity: Int = 16 * 1024) {
        self.capacity = capacity
    }

    /// Remembers `value`'s encoding, when it is an object or array with storage of its own.
    public func remember(_ value: JSONValue) {
        guard let key = Self.key(of: value) else { return }
        var writer = JSONWriter()
        writer.write(value)
        let entry = Entry(value: value, bytes: writer.bytes)
        table.withLock { table in
            if let position = table.positions[key] { return table.entries[position] = entry }
            if table.entries.count >= capacity {
                table.positions.removeAll(keepingCapacity: true)
                table.entries.removeAll(keepingCapacity: true)
            }
            table.positions[key] = table.entries.count
            table.entries.append(entry)
        }
    }

    /// How many values are remembered.
    public var count: Int { table.withLock { $0.entries.count } }

    /// Writes `value`: its remembered bytes, or, for an array, each element's (a page of rows),
    /// else as `JSONWriter.write` does. One lock for the whole value.
    func write(_ value: JSONValue, into writer: inout JSONWriter) {
        table.withLock { table in
            table.entries.withUnsafeBufferPointer { entries in
                /// Writes the remembered bytes of `value`, if any; returns whether it did.
                func writeRemembered(_ value: JSONValue) -> Bool {
                    guard let key = Self.key(of: value), let position = table.positions[key] else { return false }
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

    private static func key(of value: JSONValue) -> UInt? {
        switch value {
        case .object(let object): object.storageAddress.map { UInt(bitPattern: $0) }
        case .array(let array): array.storageAddress.map { UInt(bitPattern: $0) }
        default: nil
        }
    }
}
