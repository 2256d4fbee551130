import PokedexModels

extension SQLConnection {
    /// Appends an event to its list's activity log; run inside the transaction of the change
    /// it records.
    public func appendEvent(_ event: NewListEvent, at time: Double) throws {
        try run(
            """
            INSERT INTO list_events (list_id, kind, actor_id, pokemon_id, subject_id, role, name, at, undoes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(event.listID), .text(event.kind.rawValue), event.actorID.map(SQLValue.text) ?? .null,
                event.pokemonID.map(SQLValue.int) ?? .null, event.subjectID.map(SQLValue.text) ?? .null,
                event.role.map { .text($0.rawValue) } ?? .null, event.name.map(SQLValue.text) ?? .null, .real(time),
                event.undoes.map(SQLValue.integer) ?? .null,
            ]
        )
    }
}
