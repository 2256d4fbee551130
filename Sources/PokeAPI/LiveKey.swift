import Composable
import PokemonClient

extension PokemonClient: DependencyKey {
    /// The app's default data source works offline: the embedded catalog. The server swaps in
    /// the CSV catalog or live PokeAPI from its configuration.
    public static var liveValue: PokemonClient { .embeddedCatalog }
}
