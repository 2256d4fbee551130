import PokedexFeatures
import PokedexModels

extension RecordingStart {
    /// The start of a session whose Store begins at `state`.
    init(
        session: String, route: String, restoring: RestorableState?, state: AppFeature.State, pokemonIDs: PokemonIDs,
        settings: RecordingSettings, publicURL: String
    ) {
        self.init(
            session: session, user: state.account.me, route: Redaction.redact(route), restoring: restoring,
            locale: state.locale, lists: state.account.lists.wrappedValue,
            activeListID: restoring == nil ? state.account.activeListID : state.account.lists.wrappedValue.first?.id ?? "",
            favorites: state.favorites.wrappedValue, pokemonIDs: pokemonIDs, catalogCSV: settings.catalogCSV, publicURL: publicURL
        )
    }
}

extension SessionRecording {
    /// Writes the recording when its session ends. A disk that refuses costs the recording,
    /// never the session.
    func writeOnce(to directory: String) {
        _ = try? write(to: directory)
    }
}
