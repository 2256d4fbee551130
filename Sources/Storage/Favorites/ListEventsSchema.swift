extension StorageSchema {
    /// A list's activity log, newest last. `kind` is a `ListEvent.Kind` raw value; the other
    /// columns are filled as the kind needs (a star: `pokemon_id`; a role change: `subject_id`
    /// and `role`; a rename: `name`). Undo finds the actor's latest event through
    /// `list_events_by_actor`.
    public static func listEvents(_ sql: SQLDialect) -> String {
        """
        CREATE TABLE list_events (
            id         \(sql.autoincrementKey),
            list_id    TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
            kind       TEXT NOT NULL,
            actor_id   TEXT REFERENCES users(id) ON DELETE SET NULL,
            pokemon_id \(sql.bigInteger),
            subject_id TEXT REFERENCES users(id) ON DELETE SET NULL,
            role       TEXT,
            name       TEXT,
            at         \(sql.real) NOT NULL
        );
        CREATE INDEX list_events_by_list ON list_events(list_id, id);
        CREATE INDEX list_events_by_actor ON list_events(list_id, actor_id, id);
        CREATE INDEX list_events_by_subject ON list_events(subject_id);
        """
    }
}

extension StorageSchema {
    /// `applied_keys`: the keys of the stars a user applied, the newest `AppliedKeys.kept` per
    /// user. `list_events.undoes`: the event an undo reverted.
    public static func starKeysAndUndo(_ sql: SQLDialect) -> String {
        """
        CREATE TABLE applied_keys (
            id      \(sql.autoincrementKey),
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            key     TEXT NOT NULL,
            at      \(sql.real) NOT NULL,
            UNIQUE (user_id, key)
        );
        CREATE INDEX applied_keys_by_user ON applied_keys(user_id, id);
        ALTER TABLE list_events ADD COLUMN undoes \(sql.bigInteger);
        CREATE INDEX list_events_by_undone ON list_events(undoes) WHERE undoes IS NOT NULL;
        """
    }
}
