import PokedexModels

/// Why signing in with a code was refused. Nothing changes on a refusal: the browser stays
/// who it was.
public enum AccountError: Error, Equatable, Sendable {
    /// No code like this was ever issued (or it was mistyped).
    case unknownSignInCode
    /// The code signed a browser in already: each works once.
    case usedSignInCode
    /// The code is older than `SignInCode.lifetime`.
    case expiredSignInCode
}

extension AccountError: CustomStringConvertible, LocalizedMessage {
    public func message(in locale: AppLocale) -> String {
        switch (self, locale) {
        case (.unknownSignInCode, .en): "That sign-in code is not valid. Check it and try again."
        case (.unknownSignInCode, .es): "Ese código de inicio de sesión no es válido. Revísalo y vuelve a intentarlo."
        case (.usedSignInCode, .en): "That sign-in code was used already. Make a new one on your other device."
        case (.usedSignInCode, .es): "Ese código de inicio de sesión ya se usó. Crea otro en tu otro dispositivo."
        case (.expiredSignInCode, .en): "That sign-in code expired. Make a new one on your other device."
        case (.expiredSignInCode, .es): "Ese código de inicio de sesión caducó. Crea otro en tu otro dispositivo."
        }
    }

    public var description: String { message(in: .en) }

    /// The `error` frame code for this refusal.
    public var code: String {
        switch self {
        case .unknownSignInCode: "unknown_sign_in_code"
        case .usedSignInCode: "used_sign_in_code"
        case .expiredSignInCode: "expired_sign_in_code"
        }
    }
}
