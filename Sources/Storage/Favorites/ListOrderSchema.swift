extension StorageSchema {
    /// A list's members in joining order, the order rosters show them.
    public static let membershipsByListJoined = "CREATE INDEX memberships_by_list_joined ON memberships(list_id, joined_at);"

    /// `favorite_lists.seq`: the number of the list's last committed change.
    public static func listSequence(_ sql: SQLDialect) -> String {
        "ALTER TABLE favorite_lists ADD COLUMN seq \(sql.bigInteger) NOT NULL DEFAULT 0;"
    }
}
