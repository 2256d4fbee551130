import Composable
import PokedexModels

/// A screen that shows one value fetched in the session's language (a Pokémon's detail, a
/// type's members): how it loads, retries, fetches and follows a language change is written
/// here once; the screen says where its state keeps the value and how to fetch it.
protocol LocalizedFetching: Reducer, Sendable {
    associatedtype Value: Equatable & Sendable
    associatedtype FetchID: Hashable & Sendable
    static var value: WritableKeyPath<State, LoadState<Value>> { get }
    static var locale: WritableKeyPath<State, AppLocale> { get }
    /// The fetch of the value the state names (a Pokémon, a type), given a language; made
    /// while reducing, so it holds the clients of the reducer's dependencies.
    func fetcher(for state: State) -> @Sendable (AppLocale) async throws -> Value
    /// The value when the client holds it in memory, given at once without a task
    /// (`Effect.answered`); nil (the default) or nil for a language: `fetcher`'s.
    func valueInMemory(for state: State) -> (@Sendable (AppLocale) -> Value?)?
    static func loaded(_ value: Value) -> Action
    static func failed(_ message: String) -> Action
    /// Under which id a fetch runs: a new one cancels the one in flight.
    static var fetchID: FetchID { get }
}

extension LocalizedFetching {
    func valueInMemory(for state: State) -> (@Sendable (AppLocale) -> Value?)? { nil }

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
        let fetch = fetcher(for: state)
        let run = Effect<Action>.run { send in
            await send(Self.loaded(try await fetch(locale)))
        } catch: { error, send in
            await send(Self.failed(userMessage(for: error, in: locale)))
        }
        guard let inMemory = valueInMemory(for: state) else { return run.cancellable(id: Self.fetchID, cancelInFlight: true) }
        return Effect.answered(by: { inMemory(locale).map(Self.loaded) }, otherwise: run)
            .cancellable(id: Self.fetchID, cancelInFlight: true)
    }
}
