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
    /// `--debug`: every session keeps its last actions (`SessionActionLog`).
    var keepsActionLogs = false
    let sharedPatches = PartsPatchMemo()
}
