import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// The first line of a recording: what the session's Store was built from (the hello's route
/// or a saved screen, the user, their lists and the active list's favorites), and what its
/// projection needs (the data source's ids and catalog, the public address of links).
struct RecordingStart: Equatable, Sendable {
    static let version = 1

    var session: String
    var user: User
    var route: String
    var restoring: RestorableState?
    var locale: AppLocale
    var lists: [ListSummary]
    var activeListID: String
    var favorites: Set<Int>
    var pokemonIDs: PokemonIDs
    /// The CSV catalog's directory, nil for the embedded catalog (rows of favorites).
    var catalogCSV: String?
    var publicURL: String
    /// Actions the ring dropped before the first one kept (0: the recording is whole).
    var droppedActions = 0
    /// The recording began mid-session, when its user chose "Report a problem": `restoring` is
    /// the screen then, and the snapshot after the start what the browser showed.
    var onConsent = false
    /// The Store's whole state the recording begins from (`StateCodec`, secrets redacted), when
    /// that is not the session's first: the replay starts from it.
    var state: JSONValue?
    /// The ids of the screens the first state's stack holds (a deep link's), when it is built
    /// from the route: the replay gives them again.
    var stackIDs: [Int] = []

    var json: JSONValue {
        ModelCodec.object([
            ("type", "start"), ("version", .int(Self.version)), ("session", .string(session)),
            ("user", ModelCodec.encode(user)), ("route", .string(route)),
            ("restoring", restoring.map { (try? JSONParser.parse($0.encoded)) ?? .null }),
            ("locale", .string(locale.rawValue)),
            ("lists", .array(lists.map(ModelCodec.encode))), ("active", .string(activeListID)),
            ("favorites", .array(favorites.sorted().map(JSONValue.int))),
            ("pokemonIDs", .array(pokemonIDs.ranges.map { [.int($0.lowerBound), .int($0.upperBound)] })),
            ("catalogCSV", catalogCSV.map(JSONValue.string)), ("publicURL", .string(publicURL)),
            ("droppedActions", droppedActions > 0 ? .int(droppedActions) : nil),
            ("consent", onConsent ? .bool(true) : nil),
            ("state", state),
            ("stackIDs", stackIDs.isEmpty ? nil : .array(stackIDs.map(JSONValue.int))),
        ])
    }

    init(
        session: String, user: User, route: String, restoring: RestorableState?, locale: AppLocale, lists: [ListSummary],
        activeListID: String, favorites: Set<Int>, pokemonIDs: PokemonIDs, catalogCSV: String?, publicURL: String
    ) {
        self.session = session
        self.user = user
        self.route = route
        self.restoring = restoring
        self.locale = locale
        self.lists = lists
        self.activeListID = activeListID
        self.favorites = favorites
        self.pokemonIDs = pokemonIDs
        self.catalogCSV = catalogCSV
        self.publicURL = publicURL
    }

    init(json: JSONValue) throws(RecordingError) {
        guard json["type"]?.stringValue == "start" else { throw RecordingError("line 1 is not the start line") }
        let version = try ModelCodec.int(json, "version")
        guard version == Self.version else {
            throw RecordingError("recording format version \(version); this replay reads version \(Self.version)")
        }
        session = try ModelCodec.string(json, "session")
        user = try ModelCodec.user(ModelCodec.field(json, "user"))
        route = try ModelCodec.string(json, "route")
        restoring = json["restoring"].flatMap { $0.isNull ? nil : RestorableState(encoded: $0.jsonString) }
        locale = try ModelCodec.raw(json, "locale")
        lists = try ModelCodec.map(ModelCodec.array(json, "lists"), ModelCodec.summary)
        activeListID = try ModelCodec.string(json, "active")
        favorites = Set(try ModelCodec.array(json, "favorites").compactMap(\.intValue))
        pokemonIDs = PokemonIDs(try ModelCodec.array(json, "pokemonIDs").compactMap { range in
            guard let low = range[0]?.intValue, let high = range[1]?.intValue, low <= high else { return nil }
            return low...high
        })
        catalogCSV = json["catalogCSV"]?.stringValue
        publicURL = try ModelCodec.string(json, "publicURL")
        droppedActions = json["droppedActions"]?.intValue ?? 0
        onConsent = json["consent"]?.boolValue ?? false
        state = json["state"].flatMap { $0.isNull ? nil : $0 }
        stackIDs = json["stackIDs"]?.arrayValue?.compactMap(\.intValue) ?? []
    }

    /// The Store's first state, built as the session built it, `favorites` answering for
    /// every list.
    func initialState(favorites makeFavorites: (String) -> Shared<Set<Int>>, lists: Shared<[ListSummary]>) throws(RecordingError) -> AppFeature.State {
        if let state { return try StateCodec.decode(state, favorites: makeFavorites(activeListID), lists: lists) }
        let account = Account(me: user, lists: lists, activeListID: activeListID)
        // The stack a deep link built gets the ids it had.
        var dependencies = DependencyValues.current
        dependencies.stackElementID = ReplayedStackIDs(stackIDs).generator
        return DependencyValues.$current.withValue(dependencies) {
            if let restoring {
                return AppFeature.State(restoring: restoring, account: account, pokemonIDs: pokemonIDs, favorites: makeFavorites)
            }
            return AppFeature.State(route: route, account: account, favorites: makeFavorites(activeListID), pokemonIDs: pokemonIDs, locale: locale)
        }
    }
}
