/// Unguessable identifiers and secrets, from the system's cryptographic generator.
enum RandomToken {
    /// `byteCount` random bytes as lowercase hex (two characters per byte).
    static func hex(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexString
    }

    /// Record ids (users, lists): 16 bytes, 32 hex characters.
    static func identifier() -> String { hex(byteCount: 16) }

    /// Bearer secrets (user tokens, invite codes): 32 bytes, 64 hex characters.
    static func secret() -> String { hex(byteCount: 32) }

    /// How a secret is stored: SHA-256 of its UTF-8, as hex. Only this ever reaches the disk.
    static func storedHash(of secret: String) -> String { SHA256.hash(secret).hexString }
}

extension Sequence<UInt8> {
    var hexString: String {
        let digits = Array("0123456789abcdef")
        return String(flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
