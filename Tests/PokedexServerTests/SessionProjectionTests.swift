import Composable
@testable import PokedexFeatures
import PokedexModels
@testable import PokedexServer
@testable import StateSync
import XCTest

/// A session's projection to client state, and its shortcut for a change of shared values
/// only (a star set by another member).
final class SessionProjectionTests: XCTestCase {
    let client = ClientState(row: { id, _ in Pokemon(id: id, name: "mon\(id)", types: ["normal"]) }, publicURL: { "http://127.0.0.1" })
    let me = User(id: "u1", displayName: "Ash")

    func makeState(favorites: Shared<Set<Int>>, lists: Shared<[ListSummary]>) -> AppFeature.State {
        AppFeature.State(account: Account(me: me, lists: lists, activeListID: "l1"), favorites: favorites)
    }

    /// What the browser has is looked up by each part's place in the projection first
    /// (`SessionOutput.Sent.part`): those places are the projection's order, and a key
    /// guessed at a wrong place is still found.
    func testEachPartsPositionIsItsPlaceInTheProjection() throws {
        let state = makeState(favorites: Shared([1]), lists: Shared([]))
        guard case .object(let object) = SessionProjection(client).project(state) else { return XCTFail("not an object") }
        XCTAssertEqual(object.count, 11)
        for (place, member) in object.members.enumerated() {
            XCTAssertEqual(SessionProjection.position(ofPart: member.key), place, member.key)
            XCTAssertEqual(object.position(of: member.key, likelyAt: SessionProjection.position(ofPart: member.key)), place)
        }
        XCTAssertNil(object.position(of: "lost", likelyAt: SessionProjection.position(ofPart: "lost")))
        XCTAssertEqual(object.position(of: "list", likelyAt: 0), 4)
    }

    func testTheSharedPartsAreThoseOfAFullProjectionAndAloneDiffer() throws {
        let favorites = Shared<Set<Int>>([1])
        let lists = Shared([ListSummary(list: FavoritesList(id: "l1", name: "Mine", ownerID: "u1"), role: .owner)])
        var state = makeState(favorites: favorites, lists: lists)
        state.destination = .favorites(FavoritesFeature.State(listID: "l1"))
        let projection = SessionProjection(client)
        guard case .object(let before) = projection.project(state) else { return XCTFail("not an object") }

        favorites.withLock { $0.insert(25) }
        let parts = projection.projectShared(state)
        guard case .object(let after) = SessionProjection(client).project(state) else { return XCTFail("not an object") }
        XCTAssertEqual(parts.map(\.key), ["favorites", "lists"])
        for part in parts { XCTAssertEqual(part.value, after[part.key], part.key) }
        // The Favorites view is open, so the lists part shows the new star's row too.
        XCTAssertEqual(after["lists"]?["pokemon"]?.arrayValue?.count, 2)
        // Every other part is what the first projection built.
        for member in after.members where !parts.contains(where: { $0.key == member.key }) {
            XCTAssertEqual(member.value, before[member.key], member.key)
        }
        XCTAssertNotEqual(before["favorites"], after["favorites"])
    }

    func testAStarElsewhereChangesNoOtherPartOfAFullScreen() throws {
        let favorites = Shared<Set<Int>>([])
        var state = makeState(favorites: favorites, lists: Shared([]))
        state.list.rows = IdentifiedArray((1...25).map { Pokemon(id: $0, name: "mon\($0)", types: ["grass"]) })
        state.destination = .detail(PokemonDetailFeature.State(pokemon: state.list.rows[0], favorites: favorites))
        _ = state.path.append(.detail(PokemonDetailFeature.State(pokemon: state.list.rows[3], favorites: favorites)))
        let projection = SessionProjection(client)
        guard case .object(let before) = projection.project(state) else { return XCTFail("not an object") }

        favorites.withLock { $0.insert(1) }
        let parts = projection.projectShared(state)
        guard case .object(let after) = SessionProjection(client).project(state) else { return XCTFail("not an object") }
        XCTAssertEqual(JSONPatch.diff(from: before, changing: parts), JSONPatch.diff(from: .object(before), to: .object(after)))
        XCTAssertEqual(JSONPatch.diff(from: before, changing: parts), [.add(path: "/favorites/1", value: true)])
        // The lists part's inputs are as they were: it is what was sent, so it is left out.
        XCTAssertEqual(parts.map(\.key), ["favorites"])
    }

    func testUnchangedSharedPartsAreTheSameValuesSoTheirDiffIsEmpty() {
        let state = makeState(favorites: Shared([4]), lists: Shared([]))
        let projection = SessionProjection(client)
        guard case .object(let first) = projection.project(state) else { return XCTFail("not an object") }
        let parts = projection.projectShared(state)
        XCTAssertEqual(JSONPatch.diff(from: first, changing: parts), [])
        XCTAssertEqual(parts.map(\.key), [], "no part's inputs changed")
    }

    /// `user`'s state with the Favorites view of list l1 open on these shared values: the
    /// owner's for `me`, else an editor's.
    private func favoritesViewState(
        of user: User, _ favorites: Shared<Set<Int>>, _ roster: Shared<ListRoster>, _ activity: Shared<ListActivity>
    ) -> AppFeature.State {
        let list = ListSummary(list: FavoritesList(id: "l1", name: "Team", ownerID: "u1"), role: user == me ? .owner : .editor)
        var state = AppFeature.State(account: Account(me: user, lists: Shared([list]), activeListID: "l1"), favorites: favorites)
        var view = FavoritesFeature.State(listID: "l1")
        view.roster = roster
        view.activity = activity
        state.destination = .favorites(view)
        return state
    }

    func testMembersShowingOneListShareItsRosterActivityAndRowsJSON() throws {
        let favorites = Shared<Set<Int>>([1, 4])
        let roster = Shared(ListRoster(members: [
            .init(user: me, role: .owner, isOnline: true), .init(user: User(id: "u2", displayName: "Misty"), role: .editor, isOnline: false),
        ]))
        let activity = Shared(ListActivity(
            additions: [4: FavoriteAddition(addedBy: me, addedAt: 7)],
            events: [ListEvent(id: 1, kind: .starSet, actor: me, pokemonID: 4, at: 7)]
        ))
        // Two sessions, of the owner and of an editor: each its own projection, one process.
        let owner = SessionProjection(client).project(favoritesViewState(of: me, favorites, roster, activity))
        let editor = SessionProjection(client).project(favoritesViewState(of: User(id: "u2", displayName: "Misty"), favorites, roster, activity))

        for key in ["members", "activity", "pokemon"] {
            let mine = try XCTUnwrap(owner["lists"]?[key], key), theirs = try XCTUnwrap(editor["lists"]?[key], key)
            XCTAssertTrue(mine.isIdentical(to: theirs), "\(key) is built once for both")
        }
        XCTAssertEqual(owner["lists"]?["pokemon"]?.arrayValue?.count, 2)
        XCTAssertEqual(owner["lists"]?["pokemon"]?[1]?["addedBy"]?["name"], "Ash")
        // What each sees of its own account stays its own.
        XCTAssertNotEqual(owner["lists"]?["all"], editor["lists"]?["all"])
    }

    func testARosterPushToMembersShowingOneListIsOnePatchMadeOnce() throws {
        let favorites = Shared<Set<Int>>([1])
        let misty = User(id: "u2", displayName: "Misty"), brock = User(id: "u3", displayName: "Brock")
        let roster = Shared(ListRoster(members: [.init(user: me, role: .owner, isOnline: true), .init(user: misty, role: .editor, isOnline: true)]))
        let activity = Shared(ListActivity())
        let sessions = [misty, brock].map { user in
            (state: favoritesViewState(of: user, favorites, roster, activity), projection: SessionProjection(client))
        }
        let sent = try sessions.map { session in try XCTUnwrap(session.projection.project(session.state).objectValue) }

        // Brock joins: every open view's roster changes, and nothing else.
        roster.withLock { $0 = ListRoster(members: $0.members + [.init(user: brock, role: .editor, isOnline: true)]) }
        let memo = PartsPatchMemo(keyedByMembers: SessionProjection.ownPartsOfSharedValues)
        let patches = zip(sessions, sent).map { session, sent in memo.patch(from: sent, changing: session.projection.projectShared(session.state)) }

        XCTAssertEqual(patches[0].operations.count, 2, "the new member and the count")
        XCTAssertTrue(patches[1].encodedOperations.sharesStorage(with: patches[0].encodedOperations), "made once for both members")
        for (index, session) in sessions.enumerated() {
            let patched = try JSONPatch.apply(patches[index].operations, to: .object(sent[index]))
            XCTAssertEqual(patched, SessionProjection(client).project(session.state))
        }
    }
}
