/// A text message to send: bytes of its own, or bytes that many messages share with a number of
/// this message's own written into them (`SplicedText`). Either is written to the socket as one
/// message; only the writer puts the spliced one's bytes together, in its own buffer.
public enum OutgoingText: Sendable, Equatable {
    case bytes([UInt8])
    case spliced(SplicedText)

    /// The message's length in bytes.
    public var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .spliced(let spliced): spliced.count
        }
    }

    /// The message's bytes, put together.
    public var rendered: [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .spliced(let spliced): spliced.rendered
        }
    }

    /// Writes the message's `count` bytes at `destination`.
    func write(to destination: UnsafeMutablePointer<UInt8>) {
        switch self {
        case .bytes(let bytes):
            bytes.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { destination.update(from: base, count: source.count) }
            }
        case .spliced(let spliced):
            spliced.write(to: destination)
        }
    }
}

/// Bytes shared by many messages, with a decimal number of one message's own written in at
/// `offset`: a fan-out's patch frame is the same for every member showing the list alike but for
/// its seq, so it is made once and each member's message holds a reference to it and its seq
/// (no bytes of its own to allocate, write, keep for a resume and free).
public struct SplicedText: Sendable, Equatable {
    /// The message without its number.
    public let shared: [UInt8]
    /// Where in `shared` the number goes (0 ... `shared.count`).
    public let offset: Int
    public let number: Int

    public init(_ shared: [UInt8], number: Int, at offset: Int) {
        precondition(offset >= 0 && offset <= shared.count, "the number goes inside the shared bytes")
        self.shared = shared
        self.offset = offset
        self.number = number
    }

    public var count: Int { shared.count + Self.digitCount(number) }

    public var rendered: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            write(to: buffer.baseAddress!)
            initialized = buffer.count
        }
    }

    /// Writes the message's `count` bytes at `destination`.
    func write(to destination: UnsafeMutablePointer<UInt8>) {
        let digits = Self.digitCount(number)
        shared.withUnsafeBufferPointer { source in
            if let base = source.baseAddress {
                destination.update(from: base, count: offset)
                (destination + offset + digits).update(from: base + offset, count: source.count - offset)
            }
        }
        var value = number.magnitude
        var position = offset + digits - 1
        repeat {
            destination[position] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
            position -= 1
        } while value > 0
        if number < 0 { destination[offset] = UInt8(ascii: "-") }
    }

    /// The characters `number` takes in decimal, its sign included.
    public static func digitCount(_ number: Int) -> Int {
        var value = number.magnitude, digits = 1
        while value >= 10 {
            value /= 10
            digits += 1
        }
        return number < 0 ? digits + 1 : digits
    }
}
