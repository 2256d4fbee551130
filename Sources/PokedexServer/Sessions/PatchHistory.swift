import WebSocketServer

/// A session's latest patch frames, oldest first, for a resume to replay: at most `limit` of
/// them and at most `byteLimit` bytes (but always the latest).
///
/// A ring: once full, a new frame takes the oldest one's place. An array dropping its first
/// element moved every other one down, for each patch of a session that had had `limit` of
/// them, which every member of an active list soon has. Patches are numbered without gaps, so
/// a slot holds no seq (the ring knows its latest), and a fan-out's frame is kept as the bytes
/// every member shares and where its seq goes (`OutgoingText.spliced`): 16 bytes a slot, four
/// to a cache line.
///
/// Keeping a patch touches one line of the session's own besides this struct: the slot's. The
/// ring's size and each frame's length are kept here and in the slot, and the slots are
/// reached by their address, not through an array: an array's bounds check and uniqueness
/// check read its header, and the frame a full ring drops was read for its length, each a
/// line cold by the session's next action. So the ring is not copyable: a copy would share it.
///
/// Free slots are uninitialized memory, not empty slots: a frame is put in a free slot by a
/// store alone. Assigning over an empty slot loaded it first (to release what it held), and
/// that load of a line written when the ring grew, cold by then, stalled every patch of a
/// ring not yet full. So the ring, not its slots' buffer, ends its frames' lifetimes.
///
/// A frame the byte limit drops is let go later, with the next ones (`releaseBatch` of them):
/// its bytes, sent long before, are a line cold by then, and releasing frames one at a time
/// waited for each line in turn. Their counts are read first, reads independent of each
/// other whose waits overlap, and the releases then find the lines cached. So up to
/// `releaseBatch - 1` frames are held past the limits (not kept: no resume gets them).
struct PatchHistory: ~Copyable {
    /// One kept frame: its bytes, or the shared bytes its seq goes into at `seqOffset`.
    fileprivate struct Slot {
        let bytes: [UInt8]
        /// The frame's length, its seq's digits included.
        let length: UInt32
        /// -1: `bytes` is the whole frame.
        let seqOffset: Int32
    }

    let limit: Int
    let byteLimit: Int
    /// The slots, `capacity` of them: the `count` from `head` (wrapping) hold frames, the
    /// `dropped` before `head` frames dropped but not yet released, the others are
    /// uninitialized.
    private var slots: Slots?
    private var capacity = 0
    /// The oldest frame's slot; slots past `count` from it are free.
    private var head = 0
    private(set) var count = 0
    /// The bytes of the frames kept.
    private(set) var bytes = 0
    /// The seq of the latest frame kept.
    private var lastSeq = 0
    /// Frames dropped, in the slots before `head`, not yet released (`releaseDropped`).
    private var dropped = 0
    /// The bytes of the frames last released together: their counts are read before the
    /// releases, and kept here so the reads are not optimized away.
    private var lastReleasedBytes = 0

    /// Frames the byte limit dropped, released together.
    static let releaseBatch = 8

    init(limit: Int, byteLimit: Int) {
        self.limit = limit
        self.byteLimit = byteLimit
    }

    /// The seq of the oldest frame kept.
    var firstSeq: Int? { count == 0 ? nil : lastSeq - count + 1 }

    /// Keeps `frame`, the patch numbered `seq`: the next after the last one kept (or any, the
    /// first time).
    mutating func append(seq: Int, frame: OutgoingText) {
        precondition(count == 0 || seq == lastSeq + 1, "patches are kept in order, without gaps")
        let length = frame.count
        precondition(length <= Int(UInt32.max), "a frame's length fits its slot")
        let slot: Slot
        switch frame {
        case .spliced(let spliced) where spliced.number == seq && spliced.offset <= Int(Int32.max):
            slot = Slot(bytes: spliced.shared, length: UInt32(length), seqOffset: Int32(spliced.offset))
        default:
            slot = Slot(bytes: frame.rendered, length: UInt32(length), seqOffset: -1)
        }
        // A free slot for the frame, unless the ring is full of frames kept.
        if count + dropped == capacity { releaseDropped() }
        if count == capacity && count < limit { grow() }
        if count < capacity {
            slots!.initialize((head + count) % capacity, to: consume slot)
            count += 1
        } else {
            bytes -= Int(slots!.replace(head, with: consume slot))
            head = (head + 1) % capacity
        }
        lastSeq = seq
        bytes += length
        while count > 1 && bytes > byteLimit { dropOldest() }
        if dropped >= Self.releaseBatch { releaseDropped() }
    }

    /// The frames after `seq`, oldest first.
    func frames(after seq: Int) -> [OutgoingText] {
        guard let slots else { return [] }
        let first = lastSeq - count + 1
        return (0..<count).compactMap { offset in
            let slotSeq = first + offset
            guard slotSeq > seq else { return nil }
            let slot = slots[(head + offset) % capacity]
            if slot.seqOffset < 0 { return .bytes(slot.bytes) }
            return .spliced(SplicedText(slot.bytes, number: slotSeq, at: Int(slot.seqOffset)))
        }
    }

    /// Room for more frames (the ring is full, below `limit`): one slot the first time, then
    /// as many again (up to `limit`), the frames put in order. Grown by one slot, the ring of
    /// a session whose frames the byte limit bounds was full again after the next drop, and
    /// put in order (every frame moved) every few patches.
    private mutating func grow() {
        assert(dropped == 0, "the ring grows only when full of frames kept")
        let newCapacity = capacity == 0 ? 1 : min(limit, 2 * capacity)
        let grown = Slots.make(capacity: newCapacity)
        if let slots {
            for offset in 0..<count { grown.initialize(offset, to: slots.take((head + offset) % capacity)) }
        }
        slots = grown
        capacity = newCapacity
        head = 0
    }

    /// Drops the oldest frame kept, releasing it later (`releaseDropped`).
    private mutating func dropOldest() {
        bytes -= Int(slots!.length(at: head))
        head = (head + 1) % capacity
        count -= 1
        dropped += 1
    }

    /// The slot of the oldest frame held: dropped and not yet released, or else kept.
    private var oldestHeld: Int { (head - dropped + capacity) % capacity }

    /// Releases the frames dropped, reading every one's count before releasing any.
    private mutating func releaseDropped() {
        guard dropped > 0, let slots else { return }
        let first = oldestHeld
        // Positions wrapped by a comparison, not a division in each turn.
        let capacity = capacity
        let positions = (first..<(first + dropped)).lazy.map { $0 < capacity ? $0 : $0 - capacity }
        var released = 0
        for position in positions { released &+= slots.byteCount(at: position) }
        for position in positions { _ = slots.take(position) }
        lastReleasedBytes = released
        dropped = 0
    }

    deinit {
        guard let slots else { return }
        let first = oldestHeld
        for offset in 0..<(dropped + count) { _ = slots.take((first + offset) % capacity) }
    }
}

/// A ring's slots, in one allocation with their number, read and written where they lie.
/// Which slots hold a frame is the ring's to know: this buffer initializes and deinitializes
/// none of them itself.
private final class Slots: ManagedBuffer<Int, PatchHistory.Slot> {
    static func make(capacity: Int) -> Slots {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in capacity }, to: Slots.self)
    }

    subscript(position: Int) -> PatchHistory.Slot {
        withUnsafeMutablePointerToElements { $0[position] }
    }

    /// Puts `slot` in the free slot at `position`. Consumed: taken as the caller's, the slot
    /// was copied in (its frame retained) and then released.
    func initialize(_ position: Int, to slot: consuming PatchHistory.Slot) {
        // The address outside the closure, which could only copy a consumed slot.
        let elements = withUnsafeMutablePointerToElements { $0 }
        (elements + position).initialize(to: slot)
    }

    /// The length of the frame at `position`, read in place (no copy of the slot retaining it).
    func length(at position: Int) -> UInt32 {
        withUnsafeMutablePointerToElements { $0[position].length }
    }

    /// The count of the bytes at `position`, read in place: a read of their storage's header.
    func byteCount(at position: Int) -> Int {
        withUnsafeMutablePointerToElements { $0[position].bytes.count }
    }

    /// The slot at `position`, which is then free.
    func take(_ position: Int) -> PatchHistory.Slot {
        withUnsafeMutablePointerToElements { ($0 + position).move() }
    }

    /// Puts `slot` at `position` in place of the frame there; returns that frame's length.
    func replace(_ position: Int, with slot: consuming PatchHistory.Slot) -> UInt32 {
        let elements = withUnsafeMutablePointerToElements { $0 }
        let replaced = elements[position].length
        elements[position] = slot
        return replaced
    }
}
