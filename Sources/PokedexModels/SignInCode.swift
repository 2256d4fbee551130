import Foundation

/// A one-time code that signs another browser in as the user who made it: shown once to the
/// session that asked for it (as text, a link and a QR code), stored only hashed, good for one
/// sign-in until `expiresAt`.
public struct SignInCode: Equatable, Sendable {
    /// The code as issued: `SignInCode.length` characters of `SignInCode.alphabet`.
    public var code: String
    public var expiresAt: Date

    public init(code: String, expiresAt: Date) {
        self.code = code
        self.expiresAt = expiresAt
    }

    /// How long a code works.
    public static let lifetime: TimeInterval = 10 * 60
    public static let length = 8
    /// Letters and digits nobody mixes up when reading or typing them: no 0/O, 1/I/L.
    public static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// The code grouped for reading aloud or typing: `ABCD-EFGH`.
    public var grouped: String { Self.grouped(code) }

    public static func grouped(_ code: String) -> String {
        guard code.count == length else { return code }
        return String(code.prefix(length / 2)) + "-" + String(code.suffix(length / 2))
    }

    /// A typed or linked code as issued: upper case, without the spaces and dashes people
    /// add; nil when what is left cannot be a code (so it is refused before any lookup).
    public static func normalized(_ typed: String) -> String? {
        let kept = typed.uppercased().filter { $0 != "-" && $0 != " " }
        guard kept.count == length, kept.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return kept
    }
}
