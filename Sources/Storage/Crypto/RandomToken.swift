import Foundation

/// Unguessable identifiers and secrets, from the system's cryptographic generator.
public enum RandomToken {
    /// `byteCount` random bytes as lowercase hex (two characters per byte). Eight bytes per
    /// draw: each draw is a system call.
    public static func hex(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount + 7)
        while bytes.count < byteCount {
            withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) }
        }
        return bytes.prefix(byteCount).hexString
    }

    /// Record ids (users, lists): 32 hex characters, the creation time in milliseconds (12)
    /// then 10 random bytes (20). Time first keeps new rows at the right edge of each index
    /// on an id, so the rows a batch of new users adds share pages (see `GroupCommit`), where
    /// random ids scattered them over the whole index. Ids are not secrets: tokens are.
    public static func identifier(createdAt time: Date) -> String {
        let milliseconds = String(UInt64(max(0, time.timeIntervalSince1970 * 1000)), radix: 16)
        return String(repeating: "0", count: max(0, 12 - milliseconds.count)) + milliseconds + hex(byteCount: 10)
    }

    /// Bearer secrets (user tokens, invite codes): 32 bytes, 64 hex characters.
    public static func secret() -> String { hex(byteCount: 32) }

    /// How a secret is stored: SHA-256 of its UTF-8, as hex. Only this ever reaches the disk.
    public static func storedHash(of secret: String) -> String { SHA256.hash(secret).hexString }
}

extension Sequence<UInt8> {
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
