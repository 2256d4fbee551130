import AccountClient
import Composable
import FavoritesClient
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
    let sharedPatches = PartsPatchMemo()
    /// The clients' endpoints, built once: each reads the acting user from `ActionContext`,
    /// so a session holds only its own `lists`.
    let accountClient: AccountClient
    private let favoritesClient: FavoritesClient

    init(
        pokemonClient: PokemonClient, hub: FavoritesHub, projection: ClientState, metrics: ServerMetricsRecorder,
        saver: SessionSaver, clock: ServerClock = .continuous, limits: ServerLimits = ServerLimits(Limits()),
        recordings: RecordingSettings? = nil
    ) {
        self.pokemonClient = pokemonClient
        self.hub = hub
        self.projection = projection
        self.metrics = metrics
        self.saver = saver
        self.clock = clock
        self.limits = limits
        self.recordings = recordings
        accountClient = AccountClient.live(hub: hub, clock: clock, codes: limits.signInCodes) { [metrics] in metrics.limitRefused($0) }
        favoritesClient = FavoritesClient.live(hub: hub)
    }

    /// The favorites client of a session of `user`: the shared endpoints and the user's lists.
    func favoritesClient(for user: User) -> FavoritesClient {
        var client = favoritesClient
        client.lists = { [hub, userID = user.id] in Shared(hub.listsKey(userID), default: []) }
        return client
    }
}
