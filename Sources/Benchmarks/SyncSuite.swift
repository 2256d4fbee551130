import StateSync

/// Frame sizes and diff time for the client-visible state of docs/PROTOCOL.md with 100 rows.
public let syncSuite = Suite(name: "sync", summary: "patch frame sizes and diff time over the client-visible state") {
    let favorites = ["1", "4", "7", "133"]
    let beforeStar = SyncState.make(pageCount: 5, favorites: favorites)
    let afterStar = SyncState.make(pageCount: 5, favorites: favorites + ["25"])
    let starFrame = ServerMessage.patch(seq: 42, ops: JSONPatch.diff(from: beforeStar, to: afterStar), ack: 17).encoded()

    let beforePage = SyncState.make(pageCount: 1, favorites: favorites, isLoadingMore: true)
    let afterPage = SyncState.make(pageCount: 2, favorites: favorites)
    let pageFrame = ServerMessage.patch(seq: 43, ops: JSONPatch.diff(from: beforePage, to: afterPage), ack: nil).encoded()

    // Both states are built separately, as a server re-projecting its Store state would.
    let diffSeconds = Measure.median(repeats: 2001) {
        let ops = JSONPatch.diff(from: beforeStar, to: afterStar)
        precondition(ServerMessage.patch(seq: 42, ops: ops, ack: 17).encoded().count == starFrame.count)
    }
    return [
        Figure("sync.star_patch_bytes", Double(starFrame.count), "bytes"),
        Figure("sync.page_patch_bytes", Double(pageFrame.count), "bytes"),
        Figure("sync.page_rows_bytes", Double(SyncState.page(1).jsonBytes.count), "bytes"),
        Figure("sync.state_bytes_100_rows", Double(ServerMessage.snapshot(seq: 0, state: beforeStar).encoded().count), "bytes"),
        Figure("sync.diff_us_100_rows", diffSeconds * 1e6, "us"),
    ]
}

/// A representative client-visible state (see docs/PROTOCOL.md), with real Pokédex rows.
/// The server's projection of its Store state replaces this once it exists.
enum SyncState {
    static let pageSize = 20

    static func make(pageCount: Int, favorites: [String], isLoadingMore: Bool = false) -> JSONValue {
        [
            "route": "/pokemon/25",
            "notice": nil,
            "list": [
                "search": "", "type": nil, "types": .array(typeNames.map(JSONValue.string)),
                "status": "loaded", "error": nil,
                "pages": .array((0..<pageCount).map(page)),
                "total": 151, "isLoadingMore": .bool(isLoadingMore), "canLoadMore": true,
            ],
            "favorites": .object(JSONObject(uniqueKeysWithValues: favorites.map { ($0, true) })),
            "destination": ["detail": [
                "pokemon": row(25), "status": "loaded", "error": nil,
                "info": [
                    "height": 4, "weight": 60, "baseExperience": 112, "genus": "Mouse Pokémon",
                    "abilities": [["name": "static", "hidden": false], ["name": "lightning-rod", "hidden": true]],
                    "stats": .array(zip(statNames, [35, 55, 40, 50, 50, 90]).map { ["name": .string($0), "base": .int($1)] }),
                ],
            ]],
            "stack": [],
        ]
    }

    /// Page `index` (from 0): rows `index * 20 + 1` through `index * 20 + 20`.
    static func page(_ index: Int) -> JSONValue {
        .array((index * pageSize + 1...(index + 1) * pageSize).map(row))
    }

    static func row(_ id: Int) -> JSONValue {
        let (name, types) = pokedex[id - 1]
        return ["id": .int(id), "name": .string(name), "types": .array(types.map(JSONValue.string)), "sprite": .string("/sprites/\(id).png")]
    }

    static let typeNames = "normal fighting flying poison ground rock bug ghost steel fire water grass electric psychic ice dragon dark fairy"
        .split(separator: " ").map(String.init)
    static let statNames = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]

    /// National Pokédex #1–#100 as `name type[/type]`.
    static let pokedex: [(name: String, types: [String])] = """
        bulbasaur grass/poison,ivysaur grass/poison,venusaur grass/poison,charmander fire,charmeleon fire,\
        charizard fire/flying,squirtle water,wartortle water,blastoise water,caterpie bug,metapod bug,\
        butterfree bug/flying,weedle bug/poison,kakuna bug/poison,beedrill bug/poison,pidgey normal/flying,\
        pidgeotto normal/flying,pidgeot normal/flying,rattata normal,raticate normal,spearow normal/flying,\
        fearow normal/flying,ekans poison,arbok poison,pikachu electric,raichu electric,sandshrew ground,\
        sandslash ground,nidoran-f poison,nidorina poison,nidoqueen poison/ground,nidoran-m poison,nidorino poison,\
        nidoking poison/ground,clefairy fairy,clefable fairy,vulpix fire,ninetales fire,jigglypuff normal/fairy,\
        wigglytuff normal/fairy,zubat poison/flying,golbat poison/flying,oddish grass/poison,gloom grass/poison,\
        vileplume grass/poison,paras bug/grass,parasect bug/grass,venonat bug/poison,venomoth bug/poison,\
        diglett ground,dugtrio ground,meowth normal,persian normal,psyduck water,golduck water,mankey fighting,\
        primeape fighting,growlithe fire,arcanine fire,poliwag water,poliwhirl water,poliwrath water/fighting,\
        abra psychic,kadabra psychic,alakazam psychic,machop fighting,machoke fighting,machamp fighting,\
        bellsprout grass/poison,weepinbell grass/poison,victreebel grass/poison,tentacool water/poison,\
        tentacruel water/poison,geodude rock/ground,graveler rock/ground,golem rock/ground,ponyta fire,\
        rapidash fire,slowpoke water/psychic,slowbro water/psychic,magnemite electric/steel,\
        magneton electric/steel,farfetchd normal/flying,doduo normal/flying,dodrio normal/flying,seel water,\
        dewgong water/ice,grimer poison,muk poison,shellder water,cloyster water/ice,gastly ghost/poison,\
        haunter ghost/poison,gengar ghost/poison,onix rock/ground,drowzee psychic,hypno psychic,krabby water,\
        kingler water,voltorb electric
        """.split(separator: ",").map { entry in
            let parts = entry.split(separator: " ")
            return (String(parts[0]), parts[1].split(separator: "/").map(String.init))
        }
}
