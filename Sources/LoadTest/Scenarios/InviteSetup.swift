import StateSync
import WireContract

/// The owner's side of sharing: open the Favorites view, create an editor invite, read the link.
enum InviteSetup {
    struct Invite {
        var code: String
        var listID: String
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func openInvite(_ owner: SimulatedSession, run: LoadRun) async throws -> Invite {
        owner.send(ActionTable.action("favoritesTapped"))
        try await wait(for: owner, run: run, "the Favorites view to open") { $0["destination"]?["favorites"] != nil }
        owner.send(ActionTable.action("destination.presented.favorites.inviteTapped", ["role": "editor"]))
        try await wait(for: owner, run: run, "an invite link") { link(in: $0) != nil }
        let state = owner.state!
        guard let listID = state["lists"]?["active"]?.stringValue else { throw Failed(description: "The owner's state has no lists.active.") }
        return Invite(code: link(in: state)!, listID: listID)
    }

    /// The CODE of `…/#/join/CODE` in the invite dialog.
    static func link(in state: JSONValue) -> String? {
        guard let link = state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue,
              let range = link.range(of: "/join/") else { return nil }
        let code = link[range.upperBound...]
        return code.isEmpty ? nil : String(code)
    }

    private static func wait(for owner: SimulatedSession, run: LoadRun, _ what: String, _ condition: @escaping (JSONValue) -> Bool) async throws {
        let done = await run.waitUntil(limit: FavoritesScenario.stepLimit) { owner.state.map(condition) ?? false }
        if !done { throw Failed(description: "Timed out waiting for \(what).") }
    }
}
