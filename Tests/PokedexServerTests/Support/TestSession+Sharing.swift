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

    /// A row's star in the list, set (`on`) or unset.
    static func star(_ id: Int, on: Bool = true) -> JSONValue { ["list": ["favoriteSet": ["id": .int(id), "on": .bool(on)]]] }
}
