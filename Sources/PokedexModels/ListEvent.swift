import Foundation

/// One entry of a list's activity log: who did what, and when. The log is written in the
/// same transaction as the change it records, so it never shows a change that did not commit.
public struct ListEvent: Equatable, Hashable, Sendable, Identifiable {
    /// Increases with every event of the database: newest first is highest first.
    public var id: Int64
    public var kind: Kind
    /// Who did it; nil once that user is deleted.
    public var actor: User?
    /// The Pokémon of a star event.
    public var pokemonID: Int?
    /// The member an event is about (removed, role changed), when it is not the actor.
    public var subject: User?
    /// The role granted (role changed, invite created).
    public var role: ListRole?
    /// The list's new name (list renamed).
    public var name: String?
    /// Milliseconds since the epoch.
    public var at: Int64
    /// The event an undo reverted (a star event written by `undo`), nil otherwise.
    public var undoes: Int64?

    public init(
        id: Int64, kind: Kind, actor: User?, pokemonID: Int? = nil, subject: User? = nil, role: ListRole? = nil,
        name: String? = nil, at: Int64, undoes: Int64? = nil
    ) {
        self.undoes = undoes
        self.id = id
        self.kind = kind
        self.actor = actor
        self.pokemonID = pokemonID
        self.subject = subject
        self.role = role
        self.name = name
        self.at = at
    }

    /// The raw values are what the database stores and the wire shows.
    public enum Kind: String, Equatable, Hashable, Sendable, CaseIterable {
        case starSet
        case starUnset
        case joined
        case left
        case removed
        case roleChanged
        case listRenamed
        case inviteCreated
        case inviteRevoked
    }
}

/// An event about to be written: `ListEvent` without the id the database gives it.
public struct NewListEvent: Equatable, Sendable {
    public var listID: String
    public var kind: ListEvent.Kind
    public var actorID: String?
    public var pokemonID: Int?
    public var subjectID: String?
    public var role: ListRole?
    public var name: String?
    /// The event this one reverts (an undo), nil otherwise.
    public var undoes: Int64?

    public init(
        listID: String, kind: ListEvent.Kind, actorID: String?, pokemonID: Int? = nil, subjectID: String? = nil,
        role: ListRole? = nil, name: String? = nil, undoes: Int64? = nil
    ) {
        self.undoes = undoes
        self.listID = listID
        self.kind = kind
        self.actorID = actorID
        self.pokemonID = pokemonID
        self.subjectID = subjectID
        self.role = role
        self.name = name
    }
}
