import Composable
import PokedexFeatures
import PokedexModels
@testable import PokedexServer
import StateSync
import WireContract
import XCTest

/// The recording's pieces without a server: actions to JSON and back, the ring, redaction.
final class RecordingFormatTests: XCTestCase {
    static let bulbasaur = Pokemon(id: 1, name: "Bulbasaur", types: ["grass", "poison"], spriteURL: "https://x/1.png")

    func testEveryKindOfActionComesBackAsItWent() throws {
        let detail = PokemonDetail(
            id: 1, name: "Bulbasaur", types: ["grass"], height: 7, weight: 69,
            abilities: [.init(name: "overgrow", isHidden: false, slot: 1)], stats: [.init(name: "hp", base: 45)],
            baseExperience: 64, genus: "Seed"
        )
        // What the Store and its effects send.
        let actions: [AppFeature.Action] = [
            .onAppear,
            .list(.pageLoaded(offset: 20, PokemonPage(pokemon: [Self.bulbasaur], totalCount: 151))),
            .list(.pageFailed(offset: 0, "Network error.")), .list(.searchDebounced), .list(.localeChanged(.es)),
            .destination(.presented(.detail(.detailLoaded(detail)))), .destination(.presented(.detail(.delegate(.showType("grass"))))),
            .destination(.presented(.favorites(.inviteCreated(.init(role: .editor, code: "ABC"))))),
            .destination(.presented(.favorites(.intentFailed(.invite(.viewer, InviteOptions(expiresInDays: 3, maxUses: 5)), "no")))),
            .destination(.presented(.favorites(.intentFailed(.revokeInvite(id: "i1"), "no")))),
            .destination(.presented(.favorites(.delegate(.confirmLeave)))),
            .path(.element(id: StackElementID(3), action: .type(.membersLoaded([Self.bulbasaur])))),
            .path(.element(id: StackElementID(4), action: .detail(.detailFailed("gone")))),
            .renamed(User(id: "u1", displayName: "Ash")),
            .joined(FavoritesList(id: "l1", name: "Team", ownerID: "u2")), .lists(.delegate(.left(listID: "l1"))),
            .lists(.askToRemove(member: "u2")), .lists(.askToLeave),
            .lists(.alert(.cancel)), .lists(.delegate(.activate(listID: "l2"))), .lists(.delegate(.failed("full"))),
            .listAccessLost(listID: "l1", listName: "Team", .deleted),
            .undone(UndoneStar(eventID: 9, pokemonID: 4, isFavorite: true)), .undone(nil),
            .lists(.created(FavoritesList(id: "l2", name: "Gym", ownerID: "u1"))),
            .account(.signInCodeCreated(SignInCode(code: "ABCD2345", expiresAt: Date(timeIntervalSince1970: 1_700_000_000)))),
            .account(.problemReported(ProblemReport(reference: "5e55"))),
        ]
        for action in actions {
            let json = ActionCodec.encode(action)
            let decoded = try ActionCodec.decode(JSONParser.parse(json.jsonBytes))
            XCTAssertEqual(decoded, action, json.jsonString)
        }
        XCTAssertThrowsError(try ActionCodec.decode(["list": ["teleport": [:]]]))
        XCTAssertThrowsError(try ActionCodec.decode(["list": [:], "navigate": [:]]))
    }

    /// A browser's action is the wire contract's: recorded as its frame, decoded by the table.
    /// The codec has none of them (should the Store send one, it is written as a description).
    func testTheCodecLeavesEveryActionOfTheWireContractToTheTable() throws {
        let state = WireContractFixture.state()
        for entry in ActionTable.entries {
            let action = try ActionDecoder.decode(WireContractFixture.addressing(entry.exampleJSON, in: state), in: state, pokemonIDs: WireContractFixture.pokemonIDs).action
            let json = ActionCodec.encode(action)
            XCTAssertNotNil(json["opaque"], "\(entry.name) is the table's, not the codec's: \(json.jsonString)")
            XCTAssertThrowsError(try ActionCodec.decode(json), entry.name)
        }
    }

    func testTheRingKeepsTheLastActionsAndSaysHowManyItDropped() throws {
        let recording = SessionRecording(start: Self.start, capacity: 3)
        let state = Self.state
        for number in 1...5 {
            recording.record(state, .navigate(route: "/pokemon/\(number)"), .external)
            recording.patchSent(Array(#"{"type":"patch","seq":\#(number),"ops":[]}"#.utf8))
        }
        let file = try RecordingFile(jsonLines: recording.jsonLines)
        XCTAssertEqual(file.start.droppedActions, 2)
        XCTAssertEqual(file.actionLines.compactMap { $0["n"]?.intValue }, [3, 4, 5])
        XCTAssertEqual(file.lines.count, 6, "each kept action with its patch")
        XCTAssertThrowsError(try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()) { error in
            XCTAssertTrue("\(error)".contains("2 were dropped"), "\(error)")
        }
    }

    func testSecretsAreRedactedWhereverTheyAre() {
        let frame: JSONValue = [
            "type": "patch", "seq": 3,
            "ops": [
                ["op": "replace", "path": "/account/signIn/code", "value": "ABCD2345"],
                ["op": "add", "path": "/account/signIn", "value": ["code": "ABCD2345", "link": "http://h/#/signin/ABCD2345"]],
                ["op": "replace", "path": "/destination/favorites/invite/link", "value": "http://h/#/join/s3cr3t-invite?x=1"],
            ],
        ]
        let redacted = Redaction.redact(frame).jsonString
        XCTAssertFalse(redacted.contains("ABCD2345"), redacted)
        XCTAssertFalse(redacted.contains("s3cr3t"), redacted)
        XCTAssertTrue(redacted.contains("http://h/#/join/REDACTED?x=1"), redacted)
        XCTAssertTrue(Redaction.mayHoldSecret(frame.jsonBytes))
        XCTAssertFalse(Redaction.mayHoldSecret(Array(#"{"type":"patch","seq":1,"ops":[{"op":"add","path":"/favorites/25","value":true}]}"#.utf8)))
        XCTAssertEqual(Redaction.redact("/join/abc"), "/join/REDACTED")
        XCTAssertEqual(Route.joinCode(from: Redaction.redact("/join/abc")), Redaction.placeholder, "still a join route")
    }

    static let start = RecordingStart(
        session: "s1", user: User(id: "u1", displayName: "Ash"), route: "/", restoring: nil, locale: .en,
        lists: [ListSummary(list: FavoritesList(id: "l1", name: "Ash", ownerID: "u1"), role: .owner)], activeListID: "l1",
        favorites: [], pokemonIDs: PokemonIDs([1...151]), catalogCSV: nil, publicURL: "http://h"
    )

    static var state: AppFeature.State {
        try! start.initialState(favorites: { _ in Shared([]) }, lists: Shared(start.lists))
    }
}
