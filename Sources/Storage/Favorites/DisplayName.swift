import Foundation

/// The rules for a user's display name.
public enum DisplayName {
    public static let maximumLength = 40

    /// `raw` trimmed of surrounding whitespace, if what remains is 1–40 characters with no
    /// control characters (a name is shown on one line in other people's share screens).
    public static func validated(_ raw: String) throws -> String {
        try validatedLine(raw, maximumLength: maximumLength, orThrow: .invalidName)
    }
}

/// `raw` trimmed of surrounding whitespace, if what remains is 1–`maximumLength` characters
/// with no control characters (names show on one line); `error` otherwise.
func validatedLine(_ raw: String, maximumLength: Int, orThrow error: FavoritesError) throws -> String {
    let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    let hasControlCharacter = name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    guard (1...maximumLength).contains(name.count), !hasControlCharacter else { throw error }
    return name
}
