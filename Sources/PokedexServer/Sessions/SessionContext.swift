import AccountClient
import Composable
import FavoritesClient
import Logging
import PokedexModels
import PokemonClient
import StateSync

/// What every session of a server shares: data sources, the favorites hub, the projection to
/// client state, the patches of shared changes, and the metrics.
struct SessionContext: Sendable {
    let pokemonClient: PokemonClient
    let hub: FavoritesHub
    let projection: ClientState
    let metrics: ServerMetricsRecorder
    let saver: SessionSaver
    /// The server's clock (a sign-in code's expiry is a wall-clock date) and limits (sign-in
    /// codes per user).
    let clock: ServerClock
    let limits: ServerLimits
    /// `--record` or `--debug`: sessions keep a recording (`Recording/`), with `--debug` each
    /// action's state difference and effects too; nil: none does.
    let recordings: RecordingSettings?
    /// "Report a problem": a session records from then on, when `recordings` does not already
    /// (nil: never).
    let consentRecordings: ConsentRecordings?
    let sharedPatches = PartsPatchMemo(keyedByMembers: SessionProjection.ownPartsOfSharedValues)
    /// Each executor's answers to a favorites-only change (`FavoritesOnlyChange`).
    let favoritesChanges: PerExecutor<FavoritesChangeMemo>
    /// Each executor's reader of `projection.encodings`, so patches written on one service
    /// thread share no lock with the other's.
    let encodings: PerExecutor<EncodedJSONReader>
    let log: Logger
    /// What every session's Store depends on alike (the data source, the clock, the date),
    /// set once: a Store's dependencies are a copy of these with its own clients added, and
    /// the copies share these values' table (`DependencyValues.sharedBase`).
    let storeDependencies: DependencyValues
    /// What every session's account client shares.
    let accountServices: AccountServices

    init(
        pokemonClient: PokemonClient, hub: FavoritesHub, projection: ClientState, metrics: ServerMetricsRecorder,
        saver: SessionSaver, clock: ServerClock = .continuous, limits: ServerLimits = ServerLimits(Limits()),
        recordings: RecordingSettings? = nil, consentRecordings: ConsentRecordings? = nil, log: Logger = .silent
    ) {
        self.pokemonClient = pokemonClient
        self.hub = hub
        self.projection = projection
        self.metrics = metrics
        self.saver = saver
        self.clock = clock
        self.limits = limits
        self.recordings = recordings
        self.consentRecordings = consentRecordings
        self.log = log
        favoritesChanges = PerExecutor { [favoritesJSON = projection.favoritesJSON, sharedPatches] executor in
            FavoritesChangeMemo(executor: executor, favoritesJSON: favoritesJSON, patches: sharedPatches)
        }
        encodings = PerExecutor { [encodings = projection.encodings] _ in EncodedJSONReader(encodings) }
        var dependencies = DependencyValues.current
        dependencies.pokemonClient = pokemonClient
        dependencies.clock = clock.asClock
        dependencies.date = DateGenerator(clock.date)
        storeDependencies = dependencies.sharedBase()
        accountServices = AccountServices(hub: hub, clock: clock, codes: limits.signInCodes) { [metrics] in metrics.limitRefused($0) }
    }

    /// A session's favorites client: its writes are its user's (`writer`).
    func favoritesClient(for writer: SessionWriter) -> FavoritesClient {
        .live(hub: hub, writer: writer)
    }

    /// A session's account client: its user's, signing out the token its browser holds.
    /// "Report a problem" starts `recording`.
    func accountClient(for writer: SessionWriter, recording: RecordingSlot) -> AccountClient {
        .live(shared: accountServices, writer: writer, recording: recording)
    }
}
