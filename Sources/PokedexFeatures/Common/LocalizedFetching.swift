import Composable
import PokedexModels

/// A screen that shows one value fetched in the session's language (a Pokémon's detail, a
/// type's members): how it loads, retries, fetches and follows a language change is written
/// here once; the screen says where its state keeps the value and how to fetch it.
protocol LocalizedFetching: Reducer, Sendable {
    associatedtype Value: Equatable & Sendable
    static var value: WritableKeyPath<State, LoadState<Value>> { get }
    static var locale: WritableKeyPath<State, AppLocale> { get }
    /// The value the state names (a Pokémon, a type) in `locale`, when the client holds it in
    /// memory (nil: it is fetched). Asked while reducing, with the reducer's dependencies.
    func valueInMemory(for state: State, locale: AppLocale) -> Value?
    /// How the value the state names is fetched in a language: a task's work, made only when
    /// the value is not in memory.
    func fetching(for state: State) -> @Sendable (AppLocale) async throws -> Value
    static func loaded(_ value: Value) -> Action
    static func failed(_ message: String) -> Action
    /// Under which id a fetch runs: a new one cancels the one in flight. Made once (a
    /// `static let`): a fetch is declared on every screen's appearance.
    static var fetchID: EffectID { get }
}

extension LocalizedFetching {
    /// None held in memory: every value is fetched.
    func valueInMemory(for state: State, locale: AppLocale) -> Value? { nil }

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
    /// A value the client holds in memory is answered at once, without a task
    /// (`Effect.answered`); the task's work is made only when it is not. (Both ways were made
    /// as closures on every fetch, each holding a copy of the client, and one was dropped.)
    private func fetch(_ state: State) -> Effect<Action> {
        let locale = state[keyPath: Self.locale]
        return Effect.answered(
            by: { valueInMemory(for: state, locale: locale).map(Self.loaded) },
            otherwise: Self.fetchTask(fetching(for: state), locale)
        )
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
