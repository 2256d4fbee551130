/// Why a user-facing storage operation was refused. Every refusal happens before anything
/// is written, so a thrown `FavoritesError` means nothing changed.
public enum FavoritesError: Error, Equatable, Sendable {
    /// The acting user is not a member of the list, or the list does not exist: the two are
    /// deliberately indistinguishable, so a forged list id reveals nothing.
    case notMember
    /// The acting user is a member whose role does not allow this.
    case forbidden
    /// No user has this id.
    case unknownUser
    /// The user to remove is not a member of the list.
    case memberNotFound
    /// Owners are never removed from their list (by themselves or anyone).
    case cannotRemoveOwner
    /// An owner cannot leave the list it owns.
    case ownerCannotLeave
    /// No invite has this code.
    case unknownInvite
    /// The invite was revoked by the list's owner.
    case revokedInvite
    /// Invites grant editor or viewer, never owner.
    case invalidInviteRole
    /// Display names are 1–40 characters after trimming, with no control characters.
    case invalidName
    /// Pokémon ids are positive.
    case invalidPokemonID
}
