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
    /// What `SessionOutput` tells of each patch frame: the action log, the recording, both or
    /// neither.
    static func patchTap(_ log: (@Sendable ([UInt8]) -> Void)?, _ recording: SessionRecording?) -> (@Sendable ([UInt8]) -> Void)? {
        switch (log, recording) {
        case (nil, nil): nil
        case let (log?, nil): log
        case let (nil, recording?): recording.patchSent
        case let (log?, recording?): { frame in
            log(frame)
            recording.patchSent(frame)
        }
        }
    }

    /// Writes the recording when its session ends. A disk that refuses costs the recording,
    /// never the session.
    func writeOnce(to directory: String) {
        _ = try? write(to: directory)
    }
}
