import Foundation
import PokedexModels

extension RandomToken {
    /// A new sign-in code: `SignInCode.length` characters drawn uniformly from
    /// `SignInCode.alphabet` (bytes past the largest multiple of its size are drawn again).
    public static func signInCode() -> String {
        let alphabet = SignInCode.alphabet
        let limit = UInt8(256 - 256 % alphabet.count)
        var generator = SystemRandomNumberGenerator()
        var code = ""
        while code.count < SignInCode.length {
            for byte in withUnsafeBytes(of: generator.next(), Array.init) where byte < limit && code.count < SignInCode.length {
                code.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return code
    }
}

/// What every backend checks when a code is redeemed, in the same order.
public struct StoredSignInCode: Sendable {
    public let userID: String
    public let expiresAt: Double
    public let usedAt: Double?

    public init(userID: String, expiresAt: Double, usedAt: Double?) {
        self.userID = userID
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }

    /// Throws why the code may not sign anyone in at `now`.
    public func checkRedeemable(at now: Date) throws {
        if usedAt != nil { throw AccountError.usedSignInCode }
        if now.timeIntervalSince1970 >= expiresAt { throw AccountError.expiredSignInCode }
    }
}
