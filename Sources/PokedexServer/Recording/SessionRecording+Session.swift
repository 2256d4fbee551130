import Composable
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
        stackIDs = state.path.ids.map(\.rawValue)
    }
}

extension SessionRecording {
    /// The process's stack ids, each one a session's reducers take told to its recording (if
    /// any): the values a replay must make again.
    static func stackIDs(tellingTheRecordingIn slot: RecordingSlot) -> StackElementIDGenerator {
        StackElementIDGenerator {
            let id = StackElementIDGenerator.processWide()
            slot.recording?.stackIDTaken(id)
            return id
        }
    }

    /// Writes the recording where it is kept, if on disk (when its session ends, and when its
    /// user consents). A disk that refuses costs the recording, never the session.
    func writeIfKept() {
        guard let directory else { return }
        _ = try? write(to: directory)
    }
}

extension RecordingStart {
    /// The start of a recording its user consented to mid-session: the screen as it is now.
    init(consentedIn session: String, state: AppFeature.State, pokemonIDs: PokemonIDs, settings: RecordingSettings, publicURL: String) {
        var screen = state.restorable
        screen.route = Redaction.redact(screen.route)
        self.init(
            session: session, user: state.account.me, route: screen.route, restoring: screen,
            locale: state.locale, lists: state.account.lists.wrappedValue, activeListID: state.account.activeListID,
            favorites: state.favorites.wrappedValue, pokemonIDs: pokemonIDs, catalogCSV: settings.catalogCSV, publicURL: publicURL
        )
        onConsent = true
        self.state = Redaction.redact(StateCodec.encode(state))
    }
}
