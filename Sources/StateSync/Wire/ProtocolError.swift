/// A refused frame or action, as sent back in an `error` frame (codes from docs/PROTOCOL.md).
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case badJSON = "bad_json"
        case badMessage = "bad_message"
        case notHello = "not_hello"
        case version
        case unknownAction = "unknown_action"
        case badAction = "bad_action"
        case forbidden
        case unknownToken = "unknown_token"
        case unknownInvite = "unknown_invite"
        case revokedInvite = "revoked_invite"
        /// The invite's time ran out (`expiresInDays`).
        case inviteExpired = "invite_expired"
        /// The invite admitted as many people as it allowed (`maxUses`).
        case inviteUsedUp = "invite_used_up"
        /// The user's last own list cannot be deleted or given away.
        case lastList = "last_list"
        /// Storage could not commit the write (a full or read-only disk, a lock held too
        /// long): nothing changed, and the action may be sent again.
        case storage
        /// Over a rate (actions per connection, new users per address): wait and try again.
        case rateLimited = "rate_limited"
        /// Over a quota (sessions per user, lists per user, members or open invites per list).
        case limitReached = "limit_reached"
        /// A hello's `signIn` code was never issued, was used already, or expired: the
        /// browser stays who it was.
        case unknownSignInCode = "unknown_sign_in_code"
        case usedSignInCode = "used_sign_in_code"
        case expiredSignInCode = "expired_sign_in_code"
    }

    public var code: Code
    public var message: String
    /// The `ref` of the refused action, when the frame got far enough to have one.
    public var ref: Int?

    public init(_ code: Code, _ message: String, ref: Int? = nil) {
        self.code = code
        self.message = message
        self.ref = ref
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
