import PokemonClient

/// What every session of a server shares: data sources, the favorites hub, the projection to
/// client state, and the metrics.
struct SessionContext: Sendable {
    let pokemonClient: PokemonClient
    let hub: FavoritesHub
    let projection: ClientState
    let metrics: ServerMetricsRecorder
}
