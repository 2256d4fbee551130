/// A session's latest patch frames, oldest first, for a resume to replay: at most `limit` of
/// them and at most `byteLimit` bytes (but always the latest).
///
/// A ring: once full, a new frame takes the oldest one's place. An array dropping its first
/// element moved every other one down, for each patch of a session that had had `limit` of
/// them, which every member of an active list soon has.
struct PatchHistory {
    let limit: Int
    let byteLimit: Int
    /// The frames, the oldest at `head`; slots past `count` from it are free.
    private var slots: [(seq: Int, frame: [UInt8])] = []
    private var head = 0
    private(set) var count = 0
    /// The bytes of the frames kept.
    private(set) var bytes = 0

    init(limit: Int, byteLimit: Int) {
        self.limit = limit
        self.byteLimit = byteLimit
    }

    /// The seq of the oldest frame kept.
    var firstSeq: Int? { count == 0 ? nil : slots[head].seq }

    mutating func append(seq: Int, frame: [UInt8]) {
        if count < slots.count {
            slots[(head + count) % slots.count] = (seq, frame)
            count += 1
        } else if count < limit {
            if head != 0 {
                // Dropped for their bytes, then more came: in order again, to grow, with room
                // for as many again (up to `limit`). Grown by one slot, the ring of a session
                // whose frames the byte limit bounds was full again after the next drop, and
                // put in order (every frame moved) every few patches.
                var ordered = Array(slots[head...] + slots[..<head])
                ordered.append(contentsOf: repeatElement((seq: 0, frame: []), count: min(limit, 2 * count) - count))
                slots = ordered
                head = 0
                slots[count] = (seq, frame)
            } else {
                slots.append((seq, frame))
            }
            count += 1
        } else {
            bytes -= slots[head].frame.count
            slots[head] = (seq, frame)
            head = (head + 1) % slots.count
        }
        bytes += frame.count
        while count > 1 && bytes > byteLimit { dropOldest() }
    }

    /// The frames after `seq`, oldest first.
    func frames(after seq: Int) -> [[UInt8]] {
        (0..<count).compactMap { offset in
            let slot = slots[(head + offset) % slots.count]
            return slot.seq > seq ? slot.frame : nil
        }
    }

    private mutating func dropOldest() {
        bytes -= slots[head].frame.count
        slots[head].frame = []
        head = (head + 1) % slots.count
        count -= 1
    }
}
