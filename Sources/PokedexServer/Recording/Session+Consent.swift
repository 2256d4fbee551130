import Composable
import Foundation
import PokedexFeatures

/// "Report a problem" (`AccountFeature.reportProblem`, through the live account client): the
/// session records from now on, as `--record` would have from its start, and the reference
/// the user quotes in the bug report is the session's id (`/debug/sessions/ID/recording`, or
/// `ID.jsonl` under the recordings directory).
///
/// A hook beside the Store rather than a reducer's work: the recording is the server's (its
/// file, the Store's recorder, the output's patches), and the reducer only asks its client.
extension Session {
    /// Set once at the end of `init`: what consent does for this session.
    func acceptConsent(_ consent: ConsentRecordings?) {
        guard let consent else { return }
        recordingSlot.whenConsented(session: id, recordings: consent)
    }

    /// The user consented (`RecordingSlot.consent`, which found this session by its id).
    func recordOnConsent(_ consent: ConsentRecordings) async throws -> String {
        let publicURL = projection.client.publicURL
        if let recording {
            // `--record` keeps it on disk already; `--debug`'s was in memory only.
            if recording.directory == nil, let directory = consent.settings.directory { recording.keep(in: directory) }
            recording.writeIfKept()
            return id
        }
        guard consent.admit() else { throw LimitReached(kind: .recordings, limit: consent.limit) }
        let kept = await started(consent, publicURL: publicURL)
        // At once, so the reference names a file even if the process dies before the session
        // ends (a start line and a snapshot: small).
        kept.writeIfKept()
        return id
    }

    /// Starts the recording in a job of its own on the Store's executor, between two actions:
    /// from the state as it is, the next action its first, the browser's state its snapshot.
    private func started(_ consent: ConsentRecordings, publicURL: @escaping @Sendable () -> String) async -> SessionRecording {
        let (id, store, output, slot, pokemonIDs, settings) = (id, store, output, recordingSlot, pokemonIDs, consent.settings)
        return await withCheckedContinuation { continuation in
            executor.execute {
                let kept = store.assumeIsolated { store -> SessionRecording in
                    let recording = store.withState { state in
                        SessionRecording(
                            start: RecordingStart(consentedIn: id, state: state, pokemonIDs: pokemonIDs, settings: settings, publicURL: publicURL()),
                            capacity: settings.capacity, directory: settings.directory, ended: consent.ended
                        )
                    }
                    let kept = slot.install(recording)
                    if kept === recording {
                        store.recordActions(recording.record)
                        output.recordPatches(to: recording.patchSent) { recording.snapshotSent($0) }
                    }
                    return kept
                }
                continuation.resume(returning: kept)
            }
        }
    }
}
