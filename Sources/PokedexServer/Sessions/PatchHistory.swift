import WebSocketServer

/// A session's latest patch frames, oldest first, for a resume to replay: at most `limit` of
/// them and at most `byteLimit` bytes (but always the latest). A frame is kept as it was sent
/// (`OutgoingText`): a fan-out's, as the bytes every member shares and the member's seq.
///
/// A ring: once full, a new frame takes the oldest one's place. An array dropping its first
/// element moved every other one down, for each patch of a session that had had `limit` of
/// them, which every member of an active list soon has. The ring is memory of its own, reached
/// through a pointer the struct holds (so it cannot be copied): an array's storage was read
/// for its count and its uniqueness before each patch was put in, a second cache line of the
/// member's own (beside the slot) on every member's path of a fan-out.
struct PatchHistory: ~Copyable {
    typealias Slot = (seq: Int, frame: OutgoingText)

    let limit: Int
    let byteLimit: Int
    /// `capacity` slots, every one initialized; the frames are the `count` from `head` on
    /// (wrapping), the others empty.
    private var slots: UnsafeMutablePointer<Slot>?
    private var capacity = 0
    private var head = 0
    private(set) var count = 0
    /// The bytes of the frames kept.
    private(set) var bytes = 0
    /// Slots first made: grown by doubling up to `limit`, so an idle session that was sent a
    /// few patches holds a few slots.
    private static let firstCapacity = 4

    init(limit: Int, byteLimit: Int) {
        precondition(limit > 0, "a history keeps at least the latest frame")
        self.limit = limit
        self.byteLimit = byteLimit
    }

    deinit {
        guard let slots else { return }
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    /// The seq of the oldest frame kept.
    var firstSeq: Int? {
        guard count > 0, let slots else { return nil }
        return slots[head].seq
    }

    mutating func append(seq: Int, frame: OutgoingText) {
        if count == capacity {
            if capacity < limit {
                grow()
            } else {
                dropOldest()
            }
        }
        let slots = self.slots!
        var index = head + count
        if index >= capacity { index -= capacity }
        slots[index] = (seq, frame)
        count += 1
        bytes += frame.count
        while count > 1 && bytes > byteLimit { dropOldest() }
    }

    /// The frames after `seq`, oldest first.
    func frames(after seq: Int) -> [OutgoingText] {
        guard let slots else { return [] }
        return (0..<count).compactMap { offset in
            let slot = slots[(head + offset) % capacity]
            return slot.seq > seq ? slot.frame : nil
        }
    }

    /// Twice the slots (at most `limit`), the frames moved to the front in order.
    private mutating func grow() {
        let newCapacity = min(limit, max(Self.firstCapacity, capacity * 2))
        let grown = UnsafeMutablePointer<Slot>.allocate(capacity: newCapacity)
        if let slots {
            for offset in 0..<capacity {
                var index = head + offset
                if index >= capacity { index -= capacity }
                (grown + offset).moveInitialize(from: slots + index, count: 1)
            }
            slots.deallocate()
        }
        (grown + capacity).initialize(repeating: (0, .bytes([])), count: newCapacity - capacity)
        slots = grown
        capacity = newCapacity
        head = 0
    }

    private mutating func dropOldest() {
        let slots = self.slots!
        bytes -= slots[head].frame.count
        slots[head].frame = .bytes([])
        head += 1
        if head == capacity { head = 0 }
        count -= 1
    }
}
