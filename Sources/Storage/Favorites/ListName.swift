import Foundation
import PokedexModels

/// The rules for a list's name.
public enum ListName {
    public static let maximumLength = 60
    /// The name of every new user's own list. Stored as is; a client may show it in its language.
    public static let personal = "Favorites"

    /// `raw` trimmed of surrounding whitespace, if what remains is 1–60 characters with no
    /// control characters (a name is shown on one line in every member's list picker).
    public static func validated(_ raw: String) throws -> String {
        try validatedLine(raw, maximumLength: maximumLength, orThrow: .invalidListName)
    }
}

/// What a member's current role allows a change to, the same on every backend.
public enum RoleChange {
    /// Whether a member whose role is `current` (nil: not a member) changes by becoming
    /// `role`: false when they already have it; refused for a non-member or the owner.
    public static func check(_ current: ListRole?, becoming role: ListRole) throws -> Bool {
        switch current {
        case nil: throw FavoritesError.memberNotFound
        case .owner: throw FavoritesError.ownerRoleFixed
        case role: return false
        case .editor, .viewer: return true
        }
    }
}
