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
    var clock: ServerClock = .continuous
    var limits: ServerLimits = ServerLimits(Limits())
    /// `--debug`: every session keeps its last actions (`SessionActionLog`).
    var keepsActionLogs = false
    let sharedPatches = PartsPatchMemo()
}
