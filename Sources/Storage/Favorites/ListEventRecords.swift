import PokedexModels

extension SQLiteConnection {
    /// Appends an event to its list's activity log; run inside the transaction of the change
    /// it records.
    func appendEvent(_ event: NewListEvent, at time: Double) throws {
        try run(
            """
            INSERT INTO list_events (list_id, kind, actor_id, pokemon_id, subject_id, role, name, at, undoes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(event.listID), .text(event.kind.rawValue), event.actorID.map(SQLiteValue.text) ?? .null,
                event.pokemonID.map { .integer(Int64($0)) } ?? .null, event.subjectID.map(SQLiteValue.text) ?? .null,
                event.role.map { .text($0.rawValue) } ?? .null, event.name.map(SQLiteValue.text) ?? .null, .real(time),
                event.undoes.map(SQLiteValue.integer) ?? .null,
            ]
        )
    }
}
