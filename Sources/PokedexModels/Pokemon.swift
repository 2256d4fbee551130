/// A Pokémon as the list shows it: what one row needs.
///
/// Its id inline and everything else in one shared, immutable box (`Pokemon.Fields`), copied
/// on write: a row is copied wherever a list is built or a page appended (into every session's
/// rows, out of the catalog's pages), and each copy retained the name, the types and the
/// sprite's URL one by one (and released them after); now it is one retain, and a list's rows
/// take two words each.
public struct Pokemon: Equatable, Hashable, Sendable, Identifiable, Codable {
    public var id: Int
    @usableFromInline var fields: Fields

    /// The display name in the session's language, e.g. `Mr. Mime` or `Nidoran♀`, from the data
    /// (never derived from an identifier).
    @inlinable public var name: String {
        get { fields.name }
        set { fields = Fields(name: newValue, types: fields.types, spriteURL: fields.spriteURL) }
    }

    /// Type identifiers in slot order, e.g. `["grass", "poison"]`.
    @inlinable public var types: [String] {
        get { fields.types }
        set { fields = Fields(name: fields.name, types: newValue, spriteURL: fields.spriteURL) }
    }

    /// Where the sprite comes from upstream (PokeAPI's `sprites.front_default`); the server
    /// serves it to browsers as `/sprites/{id}.png` through its image cache.
    @inlinable public var spriteURL: String? {
        get { fields.spriteURL }
        set { fields = Fields(name: fields.name, types: fields.types, spriteURL: newValue) }
    }

    public init(id: Int, name: String, types: [String], spriteURL: String? = nil) {
        self.id = id
        // A row known by its id alone (a detail opened by its link) shares one box.
        fields = name.isEmpty && types.isEmpty && spriteURL == nil
            ? Fields.unknown : Fields(name: name, types: types, spriteURL: spriteURL)
    }

    /// The synthesized `==`, inlinable: lists compare their rows with other sessions' (the
    /// shared list JSON is found by an equal list state), and the call per row copied fields.
    /// Rows copied from one another share their fields, which are then equal at once.
    @inlinable
    public static func == (lhs: Pokemon, rhs: Pokemon) -> Bool {
        guard lhs.id == rhs.id else { return false }
        if lhs.fields === rhs.fields { return true }
        return lhs.name == rhs.name && lhs.types == rhs.types && lhs.spriteURL == rhs.spriteURL
    }

    /// As synthesized for the four stored values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(types)
        hasher.combine(spriteURL)
    }

    /// The row's values but its id, never changed once made (a change makes new fields).
    @usableFromInline
    final class Fields: Sendable {
        @usableFromInline let name: String
        @usableFromInline let types: [String]
        @usableFromInline let spriteURL: String?

        @usableFromInline init(name: String, types: [String], spriteURL: String?) {
            self.name = name
            self.types = types
            self.spriteURL = spriteURL
        }

        /// No name, no types, no sprite.
        static let unknown = Fields(name: "", types: [], spriteURL: nil)
    }
}

extension Pokemon {
    /// The plain struct a row was, coded as synthesized (stored sessions and catalogs hold it).
    private struct Coded: Codable {
        let id: Int
        let name: String
        let types: [String]
        let spriteURL: String?
    }

    public init(from decoder: any Decoder) throws {
        let coded = try Coded(from: decoder)
        self.init(id: coded.id, name: coded.name, types: coded.types, spriteURL: coded.spriteURL)
    }

    public func encode(to encoder: any Encoder) throws {
        try Coded(id: id, name: name, types: types, spriteURL: spriteURL).encode(to: encoder)
    }
}

/// Reflected as its four values, as the plain struct it was: printed states and failure
/// messages, and a replay's emitted test, which writes a row by its initializer from its mirror.
extension Pokemon: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "name": name, "types": types, "spriteURL": spriteURL as Any], displayStyle: .struct)
    }
}
