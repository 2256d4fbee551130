import WebSocketServer

/// A session's latest patch frames, oldest first, for a resume to replay: at most `limit` of
/// them and at most `byteLimit` bytes (but always the latest).
///
/// A ring: once full, a new frame takes the oldest one's place. An array dropping its first
/// element moved every other one down, for each patch of a session that had had `limit` of
/// them, which every member of an active list soon has. Patches are numbered without gaps, so
/// a slot holds no seq (the ring knows its latest), and a fan-out's frame is kept as the bytes
/// every member shares and where its seq goes (`OutgoingText.spliced`): 16 bytes a slot, four
/// to a cache line, so a member's next slot is on a line it touched for one of its last three
/// patches.
struct PatchHistory {
    /// One kept frame: its bytes, or the shared bytes its seq goes into at `seqOffset`.
    private struct Slot {
        static let empty = Slot(bytes: [], seqOffset: -1)
        let bytes: [UInt8]
        /// -1: `bytes` is the whole frame.
        let seqOffset: Int32
    }

    let limit: Int
    let byteLimit: Int
    /// The frames, the oldest at `head`; slots past `count` from it are free.
    private var slots: [Slot] = []
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
        let slot: Slot
        switch frame {
        case .spliced(let spliced) where spliced.number == seq && spliced.offset <= Int(Int32.max):
            slot = Slot(bytes: spliced.shared, seqOffset: Int32(spliced.offset))
        default:
            slot = Slot(bytes: frame.rendered, seqOffset: -1)
        }
        if count < slots.count {
            slots[(head + count) % slots.count] = slot
            count += 1
        } else if count < limit {
            if head != 0 {
                // Dropped for their bytes, then more came: in order again, to grow, with room
                // for as many again (up to `limit`). Grown by one slot, the ring of a session
                // whose frames the byte limit bounds was full again after the next drop, and
                // put in order (every frame moved) every few patches.
                var ordered = Array(slots[head...] + slots[..<head])
                ordered.append(contentsOf: repeatElement(Slot.empty, count: min(limit, 2 * count) - count))
                slots = ordered
                head = 0
                slots[count] = slot
            } else {
                slots.append(slot)
            }
            count += 1
        } else {
            bytes -= Self.count(of: slots[head], seq: lastSeq - count + 1)
            slots[head] = slot
            head = (head + 1) % slots.count
        }
        lastSeq = seq
        bytes += frame.count
        while count > 1 && bytes > byteLimit { dropOldest() }
    }

    /// The frames after `seq`, oldest first.
    func frames(after seq: Int) -> [OutgoingText] {
        let first = lastSeq - count + 1
        return (0..<count).compactMap { offset in
            let slotSeq = first + offset
            guard slotSeq > seq else { return nil }
            let slot = slots[(head + offset) % slots.count]
            if slot.seqOffset < 0 { return .bytes(slot.bytes) }
            return .spliced(SplicedText(slot.bytes, number: slotSeq, at: Int(slot.seqOffset)))
        }
    }

    /// The length of the frame `slot` keeps for `seq`.
    private static func count(of slot: Slot, seq: Int) -> Int {
        slot.seqOffset < 0 ? slot.bytes.count : slot.bytes.count + SplicedText.digitCount(seq)
    }

    private mutating func dropOldest() {
        bytes -= Self.count(of: slots[head], seq: lastSeq - count + 1)
        slots[head] = .empty
        head = (head + 1) % slots.count
        count -= 1
    }
}
