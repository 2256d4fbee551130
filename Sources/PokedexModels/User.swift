/// A person using the Pokédex: identified by a random id, known to others by a display name.
public struct User: Equatable, Hashable, Sendable, Identifiable, Codable {
    public var id: String
    public var displayName: String

    public init(id: String, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}
