import Postgres
import PokedexModels

extension PostgresConnection {
    /// Appends an event to its list's activity log; run inside the transaction of the change
    /// it records.
    func appendEvent(_ event: NewListEvent, at time: Double) throws {
        _ = try execute(
            """
            INSERT INTO list_events (list_id, kind, actor_id, pokemon_id, subject_id, role, name, at, undoes)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            """,
            params: [
                .text(event.listID), .text(event.kind.rawValue), event.actorID.map(PostgresValue.text) ?? .null,
                event.pokemonID.map { .integer(Int64($0)) } ?? .null, event.subjectID.map(PostgresValue.text) ?? .null,
                event.role.map { .text($0.rawValue) } ?? .null, event.name.map(PostgresValue.text) ?? .null, .double(time),
                event.undoes.map(PostgresValue.integer) ?? .null,
            ]
        )
    }
}
