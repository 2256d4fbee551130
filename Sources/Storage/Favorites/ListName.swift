import Foundation

/// The rules for a list's name.
public enum ListName {
    public static let maximumLength = 60
    /// The name of every new user's own list. Stored as is; a client may show it in its language.
    public static let personal = "Favorites"

    /// `raw` trimmed of surrounding whitespace, if what remains is 1–60 characters with no
    /// control characters (a name is shown on one line in every member's list picker).
    public static func validated(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let hasControlCharacter = name.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard (1...maximumLength).contains(name.count), !hasControlCharacter else {
            throw FavoritesError.invalidListName
        }
        return name
    }
}
