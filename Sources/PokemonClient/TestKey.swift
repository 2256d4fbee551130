import Composable

extension PokemonClient: TestDependencyKey {
    /// Every endpoint fails the test unless the test overrides it.
    public static let testValue = PokemonClient(
        fetchList: unimplemented("PokemonClient.fetchList"),
        fetchDetail: unimplemented("PokemonClient.fetchDetail"),
        fetchType: unimplemented("PokemonClient.fetchType")
    )
}
