import SQLCore

/// The schema of every table Storage owns, as one ordered history. Open a `Database` with
/// `migrations: StorageSchema.migrations` before using `ResponseCache` or the stores.
///
/// Append new versions; never edit a shipped one (files already at that version would not
/// see the change). The tables both databases have are written once, in SQLDialect's words,
/// and PostgreSQL's history (`PostgresSchema`) is made of the same steps.
public enum StorageSchema {
    public static let migrations: [Migration] = [
        Migration(version: 1, sql: responseCache),
        Migration(version: 2, sql: favorites(.sqlite)),
        // Rosters read a list's first members in joining order: walk an index, not a sort.
        Migration(version: 3, sql: membershipsByListJoined),
        // Each committed change to a list's favorites takes the list's next number, so a
        // process that holds the list applies every change once and in commit order.
        Migration(version: 4, sql: listSequence(.sqlite)),
        // What a session shows, so a resume after a restart (or on another process) rebuilds it.
        Migration(version: 5, sql: savedSessions(.sqlite)),
        // A list's activity log, written in the transaction of the change it records.
        Migration(version: 6, sql: listEvents(.sqlite)),
        // Stars as keyed intents (a replayed key is applied once) and undo (an undo names the
        // event it reverts, so undoing again walks further back).
        Migration(version: 7, sql: starKeysAndUndo(.sqlite)),
        // Invites that expire or admit a bounded number of people; personal lists lose the
        // owner's name (every list so far is a personal list named "<name>'s favorites").
        Migration(version: 8, sql: namedListsAndInviteTerms(.sqlite)),
        // Many tokens per user and one-time sign-in codes (one identity on every device).
        Migration(version: 9, sql: accounts(.sqlite)),
        // Saved screens without the index by time: every save moved the row's entry in it (a
        // third of an upsert's work), for a sweep of old rows that is rare and may scan.
        Migration(version: 10, sql: savedSessionsWithoutTimeIndex),
    ]
}
