extension StorageSchema {
    /// A list's activity log, newest last. `kind` is a `ListEvent.Kind` raw value; the other
    /// columns are filled as the kind needs (a star: `pokemon_id`; a role change: `subject_id`
    /// and `role`; a rename: `name`). Undo finds the actor's latest event through
    /// `list_events_by_actor`.
    static let listEvents = """
        CREATE TABLE list_events (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            list_id    TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
            kind       TEXT NOT NULL,
            actor_id   TEXT REFERENCES users(id) ON DELETE SET NULL,
            pokemon_id INTEGER,
            subject_id TEXT REFERENCES users(id) ON DELETE SET NULL,
            role       TEXT,
            name       TEXT,
            at         REAL NOT NULL
        );
        CREATE INDEX list_events_by_list ON list_events(list_id, id);
        CREATE INDEX list_events_by_actor ON list_events(list_id, actor_id, id);
        CREATE INDEX list_events_by_subject ON list_events(subject_id);
        """
}
