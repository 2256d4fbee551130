/// The schema of every table Storage owns, as one ordered history. Open a `Database` with
/// `migrations: StorageSchema.migrations` before using `ResponseCache` or the repositories.
///
/// Append new versions; never edit a shipped one (files already at that version would not
/// see the change).
public enum StorageSchema {
    public static let migrations: [Migration] = [
        Migration(version: 1, sql: responseCache),
        Migration(version: 2, sql: favorites),
    ]
}
