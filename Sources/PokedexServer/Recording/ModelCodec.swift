import Foundation
import PokedexModels
import StateSync

/// The models an action or shared value carries, as JSON and back, for recordings. Field
/// names are the models' own; an absent optional is left out.
enum ModelCodec {
    // MARK: Reading fields

    static func field(_ json: JSONValue, _ key: String) throws(RecordingError) -> JSONValue {
        guard let value = json[key] else { throw RecordingError("missing '\(key)' in \(json.jsonString)") }
        return value
    }

    static func string(_ json: JSONValue, _ key: String) throws(RecordingError) -> String {
        guard let value = try field(json, key).stringValue else { throw RecordingError("'\(key)' is not a string in \(json.jsonString)") }
        return value
    }

    static func int(_ json: JSONValue, _ key: String) throws(RecordingError) -> Int {
        guard let value = try field(json, key).intValue else { throw RecordingError("'\(key)' is not an integer in \(json.jsonString)") }
        return value
    }

    static func bool(_ json: JSONValue, _ key: String) throws(RecordingError) -> Bool {
        guard let value = try field(json, key).boolValue else { throw RecordingError("'\(key)' is not a boolean in \(json.jsonString)") }
        return value
    }

    static func array(_ json: JSONValue, _ key: String) throws(RecordingError) -> [JSONValue] {
        guard let value = try field(json, key).arrayValue else { throw RecordingError("'\(key)' is not an array in \(json.jsonString)") }
        return value
    }

    static func optionalString(_ json: JSONValue, _ key: String) -> String? { json[key]?.stringValue }
    static func optionalInt(_ json: JSONValue, _ key: String) -> Int? { json[key]?.intValue }

    static func raw<T: RawRepresentable<String>>(_ json: JSONValue, _ key: String, as _: T.Type = T.self) throws(RecordingError) -> T {
        let text = try string(json, key)
        guard let value = T(rawValue: text) else { throw RecordingError("'\(text)' is not a \(T.self)") }
        return value
    }

    static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(JSONObject(uniqueKeysWithValues: members.compactMap { key, value in value.map { (key, $0) } }))
    }

    static func map<T>(_ values: [JSONValue], _ decode: (JSONValue) throws(RecordingError) -> T) throws(RecordingError) -> [T] {
        var decoded: [T] = []
        decoded.reserveCapacity(values.count)
        for value in values { decoded.append(try decode(value)) }
        return decoded
    }

    // MARK: Models

    static func encode(_ pokemon: Pokemon) -> JSONValue {
        object([
            ("id", .int(pokemon.id)), ("name", .string(pokemon.name)), ("types", .array(pokemon.types.map(JSONValue.string))),
            ("spriteURL", pokemon.spriteURL.map(JSONValue.string)),
        ])
    }

    static func pokemon(_ json: JSONValue) throws(RecordingError) -> Pokemon {
        Pokemon(
            id: try int(json, "id"), name: try string(json, "name"), types: try map(array(json, "types")) { value throws(RecordingError) in
                guard let type = value.stringValue else { throw RecordingError("a type is not a string") }
                return type
            },
            spriteURL: optionalString(json, "spriteURL")
        )
    }

    static func encode(_ page: PokemonPage) -> JSONValue {
        ["pokemon": .array(page.pokemon.map(encode)), "totalCount": .int(page.totalCount)]
    }

    static func page(_ json: JSONValue) throws(RecordingError) -> PokemonPage {
        PokemonPage(pokemon: try map(array(json, "pokemon"), pokemon), totalCount: try int(json, "totalCount"))
    }

    static func encode(_ detail: PokemonDetail) -> JSONValue {
        object([
            ("id", .int(detail.id)), ("name", .string(detail.name)), ("types", .array(detail.types.map(JSONValue.string))),
            ("height", .int(detail.height)), ("weight", .int(detail.weight)),
            ("abilities", .array(detail.abilities.map { ["name": .string($0.name), "isHidden": .bool($0.isHidden), "slot": .int($0.slot)] })),
            ("stats", .array(detail.stats.map { ["name": .string($0.name), "base": .int($0.base)] })),
            ("baseExperience", detail.baseExperience.map(JSONValue.int)), ("genus", detail.genus.map(JSONValue.string)),
            ("spriteURL", detail.spriteURL.map(JSONValue.string)),
        ])
    }

    static func detail(_ json: JSONValue) throws(RecordingError) -> PokemonDetail {
        let types = try map(array(json, "types")) { value throws(RecordingError) in
            guard let type = value.stringValue else { throw RecordingError("a type is not a string") }
            return type
        }
        return PokemonDetail(
            id: try int(json, "id"), name: try string(json, "name"), types: types,
            height: try int(json, "height"), weight: try int(json, "weight"),
            abilities: try map(array(json, "abilities")) { value throws(RecordingError) in
                PokemonDetail.Ability(name: try string(value, "name"), isHidden: try bool(value, "isHidden"), slot: try int(value, "slot"))
            },
            stats: try map(array(json, "stats")) { value throws(RecordingError) in
                PokemonDetail.Stat(name: try string(value, "name"), base: try int(value, "base"))
            },
            baseExperience: optionalInt(json, "baseExperience"), genus: optionalString(json, "genus"),
            spriteURL: optionalString(json, "spriteURL")
        )
    }

    static func encode(_ user: User) -> JSONValue {
        ["id": .string(user.id), "displayName": .string(user.displayName)]
    }

    static func user(_ json: JSONValue) throws(RecordingError) -> User {
        User(id: try string(json, "id"), displayName: try string(json, "displayName"))
    }

    static func optionalUser(_ json: JSONValue, _ key: String) throws(RecordingError) -> User? {
        guard let value = json[key], !value.isNull else { return nil }
        return try user(value)
    }

    static func encode(_ list: FavoritesList) -> JSONValue {
        ["id": .string(list.id), "name": .string(list.name), "ownerID": .string(list.ownerID)]
    }

    static func list(_ json: JSONValue) throws(RecordingError) -> FavoritesList {
        FavoritesList(id: try string(json, "id"), name: try string(json, "name"), ownerID: try string(json, "ownerID"))
    }

    static func encode(_ summary: ListSummary) -> JSONValue {
        ["list": encode(summary.list), "role": .string(summary.role.rawValue)]
    }

    static func summary(_ json: JSONValue) throws(RecordingError) -> ListSummary {
        ListSummary(list: try list(field(json, "list")), role: try raw(json, "role"))
    }

    static func encode(_ options: InviteOptions) -> JSONValue {
        object([("expiresInDays", .int(options.expiresInDays)), ("maxUses", options.maxUses.map(JSONValue.int))])
    }

    static func inviteOptions(_ json: JSONValue) throws(RecordingError) -> InviteOptions {
        InviteOptions(expiresInDays: try int(json, "expiresInDays"), maxUses: optionalInt(json, "maxUses"))
    }

    static func encode(_ code: SignInCode) -> JSONValue {
        ["code": .string(code.code), "expiresAt": .double(code.expiresAt.timeIntervalSince1970)]
    }

    static func signInCode(_ json: JSONValue) throws(RecordingError) -> SignInCode {
        let seconds = try field(json, "expiresAt")
        guard let interval = seconds.doubleValue ?? seconds.intValue.map(Double.init) else { throw RecordingError("'expiresAt' is not a number") }
        return SignInCode(code: try string(json, "code"), expiresAt: Date(timeIntervalSince1970: interval))
    }

    static func encode(_ star: UndoneStar) -> JSONValue {
        ["eventID": .int(Int(star.eventID)), "pokemonID": .int(star.pokemonID), "isFavorite": .bool(star.isFavorite)]
    }

    static func undoneStar(_ json: JSONValue) throws(RecordingError) -> UndoneStar {
        UndoneStar(eventID: Int64(try int(json, "eventID")), pokemonID: try int(json, "pokemonID"), isFavorite: try bool(json, "isFavorite"))
    }

    // MARK: Shared values

    static func encode(_ roster: ListRoster) -> JSONValue {
        [
            "members": .array(roster.members.map {
                ["user": encode($0.user), "role": .string($0.role.rawValue), "isOnline": .bool($0.isOnline)]
            }),
            "memberCount": .int(roster.memberCount),
            "invites": .array(roster.invites.map { invite in
                object([
                    ("id", .string(invite.id)), ("role", .string(invite.role.rawValue)), ("uses", .int(invite.uses)),
                    ("maxUses", invite.maxUses.map(JSONValue.int)), ("expiresAt", invite.expiresAt.map { .int(Int($0)) }),
                ])
            }),
        ]
    }

    static func roster(_ json: JSONValue) throws(RecordingError) -> ListRoster {
        ListRoster(
            members: try map(array(json, "members")) { value throws(RecordingError) in
                ListRoster.RosterMember(user: try user(field(value, "user")), role: try raw(value, "role"), isOnline: try bool(value, "isOnline"))
            },
            memberCount: try int(json, "memberCount"),
            invites: try map(array(json, "invites")) { value throws(RecordingError) in
                ListRoster.InviteSummary(
                    id: try string(value, "id"), role: try raw(value, "role"), uses: try int(value, "uses"),
                    maxUses: optionalInt(value, "maxUses"), expiresAt: optionalInt(value, "expiresAt").map(Int64.init)
                )
            }
        )
    }

    static func encode(_ activity: ListActivity) -> JSONValue {
        [
            "additions": .array(activity.additions.sorted { $0.key < $1.key }.map { id, addition in
                object([("id", .int(id)), ("addedBy", addition.addedBy.map(encode)), ("addedAt", .int(Int(addition.addedAt)))])
            }),
            "events": .array(activity.events.map { event in
                object([
                    ("id", .int(Int(event.id))), ("kind", .string(event.kind.rawValue)), ("actor", event.actor.map(encode)),
                    ("pokemonID", event.pokemonID.map(JSONValue.int)), ("subject", event.subject.map(encode)),
                    ("role", event.role.map { .string($0.rawValue) }), ("name", event.name.map(JSONValue.string)),
                    ("at", .int(Int(event.at))), ("undoes", event.undoes.map { .int(Int($0)) }),
                ])
            }),
        ]
    }

    static func activity(_ json: JSONValue) throws(RecordingError) -> ListActivity {
        var additions: [Int: FavoriteAddition] = [:]
        for value in try array(json, "additions") {
            additions[try int(value, "id")] = FavoriteAddition(addedBy: try optionalUser(value, "addedBy"), addedAt: Int64(try int(value, "addedAt")))
        }
        let events = try map(array(json, "events")) { value throws(RecordingError) in
            ListEvent(
                id: Int64(try int(value, "id")), kind: try raw(value, "kind"), actor: try optionalUser(value, "actor"),
                pokemonID: optionalInt(value, "pokemonID"), subject: try optionalUser(value, "subject"),
                role: optionalString(value, "role").flatMap(ListRole.init(rawValue:)), name: optionalString(value, "name"),
                at: Int64(try int(value, "at")), undoes: optionalInt(value, "undoes").map(Int64.init)
            )
        }
        return ListActivity(additions: additions, events: events)
    }
}
