import StateSync

/// What the sharing tests do again and again, as a browser would.
extension TestSession {
    /// Opens the Favorites view and creates an invite to the active list; returns its code.
    func createInvite(role: String = "editor") async throws -> String {
        try await perform(["favoritesTapped": [:]])
        try await perform(["destination": ["presented": ["favorites": ["inviteTapped": ["role": .string(role)]]]]])
        try await read { $0.state["destination"]?["favorites"]?["invite"]?["link"] != nil }
        let link = state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue ?? ""
        return String(link.split(separator: "/").last ?? "")
    }

    /// A star, set (`on`) or unset, in the list this session's copy shows active (as a browser
    /// sends it from any screen: the root `favoriteSet`, naming its list).
    func star(_ id: Int, on: Bool = true) -> JSONValue { Self.star(id, on: on, list: activeListID) }

    /// A star in the list `list`.
    static func star(_ id: Int, on: Bool = true, list: String) -> JSONValue {
        ["favoriteSet": ["list": .string(list), "id": .int(id), "on": .bool(on)]]
    }

    /// The active list's id in this session's copy of the state.
    var activeListID: String { state["lists"]?["active"]?.stringValue ?? "" }
}
