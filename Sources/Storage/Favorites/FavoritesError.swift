import PokedexModels

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
    /// The invite's time ran out.
    case inviteExpired
    /// As many people joined with the invite as its owner allowed.
    case inviteUsedUp
    /// List names are 1–60 characters after trimming, with no control characters.
    case invalidListName
    /// Everyone keeps at least one list of their own: the last one cannot be deleted or given away.
    case lastOwnedList
    /// The owner's role changes only by handing the list to someone else.
    case ownerRoleFixed
    /// A role given to a member is editor or viewer (ownership is transferred, not set).
    case invalidRole
}

extension FavoritesError: CustomStringConvertible, LocalizedMessage {
    /// A sentence a person can read, in `locale`.
    public func message(in locale: AppLocale) -> String {
        locale == .es ? spanish : description
    }

    private var spanish: String {
        switch self {
        case .notMember: "No eres miembro de esa lista."
        case .forbidden: "Tu papel en esta lista no lo permite."
        case .unknownUser: "Ese usuario no existe."
        case .memberNotFound: "Esa persona no es miembro de la lista."
        case .cannotRemoveOwner: "No se puede quitar al dueño de una lista."
        case .ownerCannotLeave: "No puedes salir de tu propia lista."
        case .unknownInvite: "Ese enlace de invitación no es válido."
        case .revokedInvite: "El dueño de la lista revocó ese enlace de invitación."
        case .invalidInviteRole: "Una invitación da permisos de editor o de lector."
        case .invalidName: "Un nombre tiene de 1 a 40 caracteres."
        case .invalidPokemonID: "Eso no es un Pokémon."
        case .inviteExpired: "Ese enlace de invitación caducó. Pide uno nuevo al dueño de la lista."
        case .inviteUsedUp: "Ese enlace de invitación ya se usó todas las veces permitidas. Pide uno nuevo al dueño de la lista."
        case .invalidListName: "El nombre de una lista tiene de 1 a 60 caracteres."
        case .lastOwnedList: "Necesitas al menos una lista propia: crea otra antes."
        case .ownerRoleFixed: "El papel del dueño solo cambia al ceder la lista."
        case .invalidRole: "Un miembro es editor o lector."
        }
    }

    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .notMember: "You are not a member of that list."
        case .forbidden: "Your role in this list does not allow that."
        case .unknownUser: "That user does not exist."
        case .memberNotFound: "That person is not a member of the list."
        case .cannotRemoveOwner: "The owner of a list cannot be removed."
        case .ownerCannotLeave: "You cannot leave your own list."
        case .unknownInvite: "That invite link is not valid."
        case .revokedInvite: "That invite link was revoked by the list's owner."
        case .invalidInviteRole: "An invite grants editor or viewer rights."
        case .invalidName: "A name has 1 to 40 characters."
        case .invalidPokemonID: "That is not a Pokémon."
        case .inviteExpired: "That invite link has expired. Ask the list's owner for a new one."
        case .inviteUsedUp: "That invite link has been used as many times as its owner allowed. Ask for a new one."
        case .invalidListName: "A list's name has 1 to 60 characters."
        case .lastOwnedList: "You need at least one list of your own: create another one first."
        case .ownerRoleFixed: "The owner's role changes only by handing the list to someone else."
        case .invalidRole: "A member is an editor or a viewer."
        }
    }

    /// The `error` frame code for this refusal.
    public var code: String {
        switch self {
        case .unknownInvite: "unknown_invite"
        case .revokedInvite: "revoked_invite"
        case .inviteExpired: "invite_expired"
        case .inviteUsedUp: "invite_used_up"
        case .lastOwnedList: "last_list"
        case .invalidName, .invalidInviteRole, .invalidPokemonID, .invalidListName, .invalidRole: "bad_action"
        default: "forbidden"
        }
    }
}
