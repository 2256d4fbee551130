import Composable
import PokedexModels

/// A screen that shows one value fetched in the session's language (a Pokémon's detail, a
/// type's members): how it loads, retries, fetches and follows a language change is written
/// here once; the screen says where its state keeps the value and how to fetch it.
protocol LocalizedFetching: Reducer, Sendable {
    associatedtype Value: Equatable & Sendable
    static var value: WritableKeyPath<State, LoadState<Value>> { get }
    static var locale: WritableKeyPath<State, AppLocale> { get }
    /// How the value the state names (a Pokémon, a type) is fetched; made while reducing, so
    /// it holds the clients of the reducer's dependencies (read once for both ways).
    func fetching(for state: State) -> LocalizedFetch<Value>
    static func loaded(_ value: Value) -> Action
    static func failed(_ message: String) -> Action
    /// Under which id a fetch runs: a new one cancels the one in flight. Made once (a
    /// `static let`): a fetch is declared on every screen's appearance.
    static var fetchID: EffectID { get }
}

/// The two ways a screen's value comes, given a language: `fetch`, and, when the client holds
/// the value in memory, `inMemory`, which gives it at once without a task (`Effect.answered`;
/// nil, or nil for a language: `fetch`'s).
struct LocalizedFetch<Value: Sendable>: Sendable {
    var fetch: @Sendable (AppLocale) async throws -> Value
    var inMemory: (@Sendable (AppLocale) -> Value?)? = nil
}

extension LocalizedFetching {
    /// Shows the value as loading and fetches it.
    func load(_ state: inout State) -> Effect<Action> {
        state[keyPath: Self.value] = .loading
        return fetch(state)
    }

    /// Fetches again after a failure; nothing otherwise.
    func retry(_ state: inout State) -> Effect<Action> {
        guard case .failed = state[keyPath: Self.value] else { return .none }
        return load(&state)
    }

    /// Keeps the new language and fetches the value in it (`LoadState.relocalize`); nothing
    /// when the language is the same.
    func changeLocale(_ state: inout State, to locale: AppLocale) -> Effect<Action> {
        guard locale != state[keyPath: Self.locale] else { return .none }
        state[keyPath: Self.locale] = locale
        return state[keyPath: Self.value].relocalize(refetching: fetch(state))
    }

    /// The fetch: `loaded` with the value, or `failed` with the error as the user reads it.
    private func fetch(_ state: State) -> Effect<Action> {
        let locale = state[keyPath: Self.locale]
        let fetching = fetching(for: state)
        let fetch = fetching.fetch
        guard let inMemory = fetching.inMemory else {
            return Self.fetchTask(fetch, locale).cancellable(id: Self.fetchID, cancelInFlight: true)
        }
        // The task's effect is made only if the value is not in memory (`Effect.answered`).
        return Effect.answered(by: { inMemory(locale).map(Self.loaded) }, otherwise: Self.fetchTask(fetch, locale))
            .cancellable(id: Self.fetchID, cancelInFlight: true)
    }

    private static func fetchTask(_ fetch: @escaping @Sendable (AppLocale) async throws -> Value, _ locale: AppLocale) -> Effect<Action> {
        .run { send in
            await send(Self.loaded(try await fetch(locale)))
        } catch: { error, send in
            await send(Self.failed(userMessage(for: error, in: locale)))
        }
    }
}
