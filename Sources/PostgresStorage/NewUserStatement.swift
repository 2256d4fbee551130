import Foundation
import PokedexModels
import Postgres
import Storage

/// A new user as one statement (the user, their first token, their personal list and its
/// owner membership), so the new users of a hello storm share commits (`WriteBatcher`): one
/// transaction, and one WAL flush, for every user queued while the last batch committed,
/// where a transaction each capped a process at one flush per new user.
enum NewUserStatement {
    /// Every part inserted in one statement: its rows are checked against each other's
    /// foreign keys once the statement ends, when all of them exist.
    static let sql = """
        WITH person AS (
            INSERT INTO users (id, display_name, created_at) VALUES ($1, $2, $3)
        ), token AS (
            INSERT INTO tokens (token_hash, user_id, created_at) VALUES ($4, $1, $3)
        ), personal AS (
            INSERT INTO favorite_lists (id, name, owner_id, created_at) VALUES ($5, $6, $1, $3)
        )
        INSERT INTO memberships (list_id, user_id, role, joined_at) VALUES ($5, $1, 'owner', $3)
        """

    struct Item: Sendable {
        var new: NewUser
        var list: FavoritesList
    }

    static let write = WriteBatcher<Item, Void>.Write(
        statement: { item in
            PostgresStatement(sql, params: [
                .text(item.new.user.id), .text(item.new.user.displayName), .double(item.new.createdAt),
                .text(item.new.tokenHash), .text(item.list.id), .text(item.list.name),
            ], preparedName: "pokedex_new_user")
        },
        outcome: { _, _ in },
        order: { $0.new.user.id })
}
