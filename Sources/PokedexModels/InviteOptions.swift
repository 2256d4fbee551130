/// What an owner chooses for a new invite besides its role: how many days it works and how
/// many people may join with it.
public struct InviteOptions: Equatable, Hashable, Sendable {
    public static let defaultDays = 7
    public static let days = 1...30
    public static let uses = 1...1_000

    /// Days until it expires (within `days`).
    public var expiresInDays: Int
    /// How many people may join with it (within `uses`); nil: any number.
    public var maxUses: Int?

    public init(expiresInDays: Int = InviteOptions.defaultDays, maxUses: Int? = nil) {
        self.expiresInDays = expiresInDays
        self.maxUses = maxUses
    }
}
