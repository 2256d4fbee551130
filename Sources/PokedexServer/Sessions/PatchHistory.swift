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
    /// others are uninitialized.
    private var slots: Slots?
    private var capacity = 0
    /// The oldest frame's slot; slots past `count` from it are free.
    private var head = 0
    private(set) var count = 0
    /// The bytes of the frames kept.
    private(set) var bytes = 0
    /// The seq of the latest frame kept.
    private var lastSeq = 0

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
        if count == capacity && count < limit { grow() }
        if count < capacity {
            slots!.initialize((head + count) % capacity, to: slot)
            count += 1
        } else {
            bytes -= Int(slots!.replace(head, with: slot))
            head = (head + 1) % capacity
        }
        lastSeq = seq
        bytes += length
        while count > 1 && bytes > byteLimit { dropOldest() }
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
        let newCapacity = capacity == 0 ? 1 : min(limit, 2 * capacity)
        let grown = Slots.make(capacity: newCapacity)
        if let slots {
            for offset in 0..<count { grown.initialize(offset, to: slots.take((head + offset) % capacity)) }
        }
        slots = grown
        capacity = newCapacity
        head = 0
    }

    private mutating func dropOldest() {
        bytes -= Int(slots!.take(head).length)
        head = (head + 1) % capacity
        count -= 1
    }

    deinit {
        guard let slots else { return }
        for offset in 0..<count { _ = slots.take((head + offset) % capacity) }
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

    /// Puts `slot` in the free slot at `position`.
    func initialize(_ position: Int, to slot: PatchHistory.Slot) {
        withUnsafeMutablePointerToElements { ($0 + position).initialize(to: slot) }
    }

    /// The slot at `position`, which is then free.
    func take(_ position: Int) -> PatchHistory.Slot {
        withUnsafeMutablePointerToElements { ($0 + position).move() }
    }

    /// Puts `slot` at `position` in place of the frame there; returns that frame's length.
    func replace(_ position: Int, with slot: PatchHistory.Slot) -> UInt32 {
        withUnsafeMutablePointerToElements { elements in
            let replaced = elements[position].length
            elements[position] = slot
            return replaced
        }
    }
}
