import PokedexFeatures
import PokedexModels
@testable import PokedexServer
import StateSync
import WireContract
import XCTest

/// Deny by default: only what the table lists is decoded, and each entry's role is checked.
final class ActionAuthorizationTests: XCTestCase {
    func decode(_ action: JSONValue, role: ListRole = .owner) throws(ProtocolError) -> AppFeature.Action {
        let state = WireContractFixture.state(role: role)
        let decoded = try ActionDecoder.decode(
            WireContractFixture.addressing(action, in: state), in: state, pokemonIDs: WireContractFixture.pokemonIDs
        )
        try ActionAuthorization.check(decoded, in: state)
        return decoded.action
    }

    func refusal(_ action: JSONValue, role: ListRole = .owner) -> ProtocolError? {
        do throws(ProtocolError) {
            _ = try decode(action, role: role)
            return nil
        } catch {
            return error
        }
    }

    /// The Store's own actions (effects' results, delegates, lifecycle) exist as cases but not
    /// on the wire: a browser naming one is refused.
    func testActionsNotInTheTableAreRefused() {
        let storeOnly: [JSONValue] = [
            ["onAppear": [:]],
            ["undone": ["pokemonID": 25, "isFavorite": true]],
            ["renamed": ["id": "ash", "name": "Ash"]],
            ["joined": [:]],
            ["list": ["onAppear": [:]]],
            ["list": ["pageLoaded": ["offset": 0]]],
            ["destination": ["presented": ["detail": ["detailLoaded": [:]]]]],
            ["destination": ["presented": ["favorites": ["inviteCreated": [:]]]]],
            ["destination": ["presented": ["favorites": ["delegate": ["confirmLeave": [:]]]]]],
            ["path": ["element": ["id": 0, "action": ["type": ["membersLoaded": [:]]]]]],
        ]
        for action in storeOnly {
            XCTAssertEqual(refusal(action)?.code, .unknownAction, action.jsonString)
        }
        XCTAssertEqual(
            refusal(["list": ["rowTaped": ["id": 25]]]),
            ProtocolError(.unknownAction, "Unknown action 'list.rowTaped'.")
        )
    }

    func testEveryEntryIsRefusedWithoutItsRole() throws {
        for entry in ActionTable.entries {
            let example = entry.exampleJSON
            switch entry.role {
            case .anyone:
                XCTAssertNil(refusal(example, role: .viewer), entry.name)
            case .editor:
                XCTAssertEqual(refusal(example, role: .viewer)?.code, .forbidden, entry.name)
                XCTAssertNil(refusal(example, role: .editor), entry.name)
            case .owner:
                XCTAssertEqual(refusal(example, role: .editor)?.code, .forbidden, entry.name)
                XCTAssertNil(refusal(example, role: .owner), entry.name)
            case .memberNotOwner:
                XCTAssertEqual(refusal(example, role: .owner)?.code, .forbidden, entry.name)
                XCTAssertNil(refusal(example, role: .viewer), entry.name)
            case let .memberOf(field):
                XCTAssertNil(refusal(example), entry.name)
                XCTAssertEqual(refusal(entry.json([field: "not-mine"]))?.code, .forbidden, entry.name)
            case let .editorOf(field):
                var viewed = entry.example, notMine = entry.example
                viewed[field] = "7a…"
                notMine[field] = "not-mine"
                XCTAssertNil(refusal(example, role: .editor), entry.name)
                XCTAssertEqual(refusal(example, role: .viewer)?.code, .forbidden, entry.name)
                XCTAssertEqual(refusal(entry.json(viewed), role: .owner)?.code, .forbidden, "\(entry.name): a list I only view")
                XCTAssertEqual(refusal(entry.json(notMine))?.code, .forbidden, entry.name)
            case let .ownerOf(field):
                var mine = entry.example, notMine = entry.example
                mine[field] = "4c…"
                notMine[field] = "not-mine"
                XCTAssertNil(refusal(entry.json(mine), role: .owner), entry.name)
                XCTAssertEqual(refusal(entry.json(mine), role: .editor)?.code, .forbidden, entry.name)
                XCTAssertEqual(refusal(example)?.code, .forbidden, "\(entry.name): a list I only view")
                XCTAssertEqual(refusal(entry.json(notMine))?.code, .forbidden, entry.name)
            }
        }
    }

    func testFieldsAreCheckedAgainstTheirKinds() {
        XCTAssertEqual(refusal(["favoriteSet": ["list": "4c…", "id": 999, "on": true]])?.code, .badAction)
        XCTAssertEqual(refusal(["favoriteSet": ["list": "4c…", "id": "25", "on": true]]),
                       ProtocolError(.badAction, "Action 'favoriteSet': field 'id' must be an integer."))
        XCTAssertEqual(refusal(["favoriteSet": ["id": 25, "on": true]])?.code, .badAction, "a star names its list")
        XCTAssertEqual(try decode(["favoriteSet": ["list": "4c…", "id": 25, "on": true]]), .favoriteSet(listID: "4c…", id: 25, on: true))
        XCTAssertEqual(refusal(["list": ["binding": ["search": .string(String(repeating: "a", count: 101))]]]),
                       ProtocolError(.badAction, "The search is limited to 100 characters."))
        XCTAssertEqual(refusal(["list": ["binding": ["type": "plastic"]]]), ProtocolError(.badAction, "Unknown type 'plastic'."))
        XCTAssertEqual(refusal(["list": ["binding": ["sort": "name"]]]),
                       ProtocolError(.badAction, "Action 'list.binding' binds 'search' or 'type'."))
        XCTAssertEqual(refusal(["rename": ["name": "   "]]), ProtocolError(.badAction, "A name has 1 to 40 characters."))
        XCTAssertEqual(refusal(["destination": ["presented": ["favorites": ["inviteTapped": ["role": "owner"]]]]])?.code, .badAction)
        XCTAssertEqual(refusal(["selectList": ["id": .string(String(repeating: "f", count: 65))]])?.code, .badAction)
        XCTAssertEqual(refusal(["list": ["rowTapped": ["id": 26]]]),
                       ProtocolError(.badAction, "Action 'list.rowTapped': no row with id 26 is on screen."))
        XCTAssertEqual(try decode(["list": ["binding": ["type": nil]]]), .list(.binding(.set(\.typeFilter, nil))))
        let invite = { (fields: JSONObject) -> JSONValue in ["destination": ["presented": ["favorites": ["inviteTapped": .object(fields)]]]] }
        XCTAssertEqual(refusal(invite(["role": "editor", "expiresInDays": 31])),
                       ProtocolError(.badAction, "Action 'destination.presented.favorites.inviteTapped': 'expiresInDays' is 1 to 30, not 31."))
        XCTAssertEqual(refusal(invite(["role": "editor", "maxUses": 0]))?.code, .badAction)
        XCTAssertEqual(try decode(invite(["role": "viewer"])), .destination(.presented(.favorites(.inviteTapped(.viewer, InviteOptions())))))
        XCTAssertEqual(try decode(invite(["role": "viewer", "expiresInDays": 2, "maxUses": 3])),
                       .destination(.presented(.favorites(.inviteTapped(.viewer, InviteOptions(expiresInDays: 2, maxUses: 3))))))
        XCTAssertEqual(refusal(["lists": ["create": ["name": .string(String(repeating: "a", count: 61))]]]),
                       ProtocolError(.badAction, "A name has 1 to 60 characters."))
        XCTAssertEqual(refusal(["lists": ["create": ["name": "  "]]])?.code, .badAction)
        XCTAssertEqual(refusal(["lists": ["setRole": ["member": "misty", "role": "owner"]]])?.code, .badAction)
        XCTAssertEqual(try decode(["lists": ["create": ["name": "Gym team"]]], role: .viewer), .lists(.create(name: "Gym team")))
    }
}
