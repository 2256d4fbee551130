import Composable
import PokedexModels

extension LoadState {
    /// What a screen does with its data when the session's language changes, given the fetch
    /// in the new language: what is on screen stays until it arrives; a load in flight or a
    /// failed one starts over (the fetch cancels the one in flight); nothing is fetched for a
    /// screen that has not asked yet.
    mutating func relocalize<Action>(refetching fetch: Effect<Action>) -> Effect<Action> {
        switch self {
        case .idle: return .none
        case .loaded: return fetch
        case .loading, .failed:
            self = .loading
            return fetch
        }
    }
}
