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
/// Patches read it through an `EncodedJSONReader`, one per service thread: a copy of the
/// table taken again only when `generation` says it changed. One table read by both threads
/// under one lock was a lock and a line both threads wrote for every patch.
public final class EncodedJSONMemo: Sendable {
    /// Sendable: `start` points into `storage`, whose bytes are written once, before the entry
    /// is made, and freed only with it.
    struct Entry: @unchecked Sendable {
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
    final class EncodedBytes: Sendable {
        nonisolated(unsafe) let bytes: UnsafeMutableBufferPointer<UInt8>

        init(_ source: [UInt8]) {
            bytes = .allocate(capacity: source.count)
            _ = bytes.initialize(from: source)
        }

        deinit { bytes.deallocate() }
    }

    struct Table {
        /// Where each value's entry is in `entries`, by its storage's address.
        var positions: [UInt: Int] = [:]
        var entries: [Entry] = []
    }

    /// Past this many values the memo starts over (values in use are remembered again when
    /// their cache builds them again; until then they are written as any other value).
    private let capacity: Int
    private let table = Mutex(Table())
    /// Changed (under the lock) each time the table is: a reader's copy of an older one is
    /// taken again. Read without the lock by every patch; written by `remember` and `forget`.
    private let generation = Atomic<Int>(0)

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
            if let position = table.positions[key] {
                table.entries[position] = entry
                generation.add(1, ordering: .releasing)
                return
            }
            if table.entries.count >= capacity {
                table.positions.removeAll(keepingCapacity: true)
                table.entries.removeAll(keepingCapacity: true)
            }
            table.positions[key] = table.entries.count
            table.entries.append(entry)
            generation.add(1, ordering: .releasing)
        }
    }

    /// Forgets the encodings of `values` (those remembered): a cache whose values vary without
    /// bound (a search's pages) forgets what it drops, or they would fill the table until it
    /// starts over, dropping the bounded caches' values too, which are not remembered again.
    public func forget(_ values: some Sequence<JSONValue>) {
        table.withLock { table in
            var forgotten = false
            for value in values {
                guard let key = Self.key(of: value), let position = table.positions.removeValue(forKey: key) else { continue }
                // The last entry takes the forgotten one's place.
                let last = table.entries.count - 1
                if position != last {
                    table.entries.swapAt(position, last)
                    if let moved = Self.key(of: table.entries[position].value) { table.positions[moved] = position }
                }
                table.entries.removeLast()
                forgotten = true
            }
            if forgotten { generation.add(1, ordering: .releasing) }
        }
    }

    /// How many values are remembered.
    public var count: Int { table.withLock { $0.entries.count } }

    /// The generation of the table now (compare it with a copy's).
    var currentGeneration: Int { generation.load(ordering: .acquiring) }

    /// A copy of the table and its generation, the entries shared with it (each keeps its
    /// bytes for as long as any copy holds it).
    func copy() -> (table: Table, generation: Int) {
        table.withLock { ($0, generation.load(ordering: .relaxed)) }
    }

    static func key(of value: JSONValue) -> UInt? {
        switch value {
        case .object(let object): object.storageAddress.map { UInt(bitPattern: $0) }
        case .array(let array): array.storageAddress.map { UInt(bitPattern: $0) }
        default: nil
        }
    }
}
