import Foundation
import PokedexModels
import Postgres
import Storage

/// The new users of a batch as one statement (each user, their first token, their personal
/// list and its owner membership), so the new users of a hello storm share commits
/// (`WriteBatcher`) and one run of the statement: one transaction, and one WAL flush, for every
/// user queued while the last batch committed, where a transaction each capped a process at
/// one flush per new user.
enum NewUserStatement {
    /// Every part inserted in one statement: its rows are checked against each other's
    /// foreign keys once the statement ends, when all of them exist.
    static let sql = """
        WITH batch AS (
            SELECT * FROM unnest($1::text[], $2::text[], $3::double precision[], $4::text[], $5::text[], $6::text[])
                AS b(user_id, display_name, created_at, token_hash, list_id, list_name)
        ), person AS (
            INSERT INTO users (id, display_name, created_at) SELECT user_id, display_name, created_at FROM batch
        ), token AS (
            INSERT INTO tokens (token_hash, user_id, created_at) SELECT token_hash, user_id, created_at FROM batch
        ), personal AS (
            INSERT INTO favorite_lists (id, name, owner_id, created_at) SELECT list_id, list_name, user_id, created_at FROM batch
        )
        INSERT INTO memberships (list_id, user_id, role, joined_at) SELECT list_id, user_id, 'owner', created_at FROM batch
        """

    struct Item: Sendable {
        var new: NewUser
        var list: FavoritesList
    }

    static let write = WriteBatcher<Item, Void>.Write.together(
        statement: { items in
            PostgresStatement(sql, params: [
                .text(PostgresArray.text(items.map(\.new.user.id))),
                .text(PostgresArray.text(items.map(\.new.user.displayName))),
                .text(PostgresArray.text(items.map { String($0.new.createdAt) })),
                .text(PostgresArray.text(items.map(\.new.tokenHash))),
                .text(PostgresArray.text(items.map(\.list.id))),
                .text(PostgresArray.text(items.map(\.list.name))),
            ], preparedName: "pokedex_new_users")
        },
        outcomes: { _, items in items.map { _ in .success(()) } },
        order: { $0.new.user.id })
}
