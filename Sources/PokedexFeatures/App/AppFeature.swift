import Composable
import PokedexModels

/// The root of a session: the list, the presented detail, the drill-down stack above it, and
/// the favorites every screen shares.
public struct AppFeature: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var list: PokemonListFeature.State
        @PresentationState public var destination: Destination.State?
        public var path = StackState<Path.State>()
        /// A message shown once, e.g. for a link that does not lead anywhere.
        public var notice: String?
        public var favorites: Shared<Set<Int>>

        public init(favorites: Shared<Set<Int>>) {
            self.favorites = favorites
            self.list = PokemonListFeature.State(favorites: favorites)
        }

        /// The state a route leads to; an invalid route lands on the list with a notice.
        public init(route: String, favorites: Shared<Set<Int>>) {
            self.init(favorites: favorites)
            guard let screens = Route.screens(from: route) else {
                notice = "There is nothing at “\(route)”, so here is the list."
                return
            }
            _ = navigate(to: screens)
        }

        /// The screens on top of the list, bottom first.
        public var screens: [Screen] {
            var screens: [Screen] = []
            if case let .detail(detail) = destination { screens.append(.pokemon(detail.pokemon.id)) }
            screens.append(contentsOf: path.elements.map(\.screen))
            return screens
        }

        /// The URL of what is on screen.
        public var route: String { Route.path(for: screens) }
    }

    public enum Action: Equatable, Sendable {
        /// The session started: load what is on screen.
        case onAppear
        case list(PokemonListFeature.Action)
        case destination(PresentationAction<Destination.Action>)
        case path(StackAction<Path.State, Path.Action>)
        /// The browser's URL changed (back, forward, a pasted link).
        case navigate(route: String)
        case dismissNotice
    }

    public init() {}

    public var body: some Reducer<State, Action> {
        Scope(state: \.list, action: Action.Cases.list) { PokemonListFeature() }
        Reduce(core)
            .ifLet(\.$destination, action: Action.Cases.destination) { Destination() }
            .forEach(\.path, action: Action.Cases.path) { Path() }
    }

    private func core(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .onAppear:
            return .merge([.send(.list(.onAppear))] + state.appearActions(from: 0))

        case let .list(.rowTapped(pokemon)):
            state.path.removeAll()
            state.destination = .detail(PokemonDetailFeature.State(pokemon: pokemon, favorites: state.favorites))
            return .send(.destination(.presented(.detail(.onAppear))))

        case let .destination(.presented(.detail(.delegate(.showType(type))))):
            return push(.type(PokemonTypeFeature.State(type: type)), onto: &state)

        case let .path(.element(_, .type(.delegate(.showPokemon(pokemon))))):
            return push(.detail(PokemonDetailFeature.State(pokemon: pokemon, favorites: state.favorites)), onto: &state)

        case let .path(.element(_, .detail(.delegate(.showType(type))))):
            return push(.type(PokemonTypeFeature.State(type: type)), onto: &state)

        case let .navigate(route):
            guard let screens = Route.screens(from: route) else {
                state.notice = "There is nothing at “\(route)”."
                return .none
            }
            let firstNew = state.navigate(to: screens)
            return .merge(state.appearActions(from: firstNew))

        case .dismissNotice:
            state.notice = nil
            return .none

        case .list, .destination, .path:
            return .none
        }
    }

    private func push(_ screen: Path.State, onto state: inout State) -> Effect<Action> {
        state.path.append(screen)
        return .merge(state.appearActions(from: state.screens.count - 1))
    }
}

extension AppFeature.State {
    /// Makes the navigation show `screens`, keeping the screens already shown that match (and
    /// their loaded data); returns the index of the first screen that is new.
    mutating func navigate(to screens: [Screen]) -> Int {
        let current = self.screens
        var kept = 0
        while kept < min(current.count, screens.count), current[kept] == screens[kept] { kept += 1 }
        if kept == 0 {
            path.removeAll()
            destination = screens.first.flatMap { screen in
                guard case let .pokemon(id) = screen else { return nil }
                return .detail(detailState(id: id))
            }
        } else if kept - 1 < path.count, let firstRemoved = path.ids.dropFirst(kept - 1).first {
            path.pop(from: firstRemoved)
        }
        for screen in screens.dropFirst(max(kept, 1)) {
            switch screen {
            case let .pokemon(id): path.append(.detail(detailState(id: id)))
            case let .type(type): path.append(.type(PokemonTypeFeature.State(type: type)))
            }
        }
        return kept
    }

    /// A detail opened from a link, before its row data is known.
    private func detailState(id: Int) -> PokemonDetailFeature.State {
        let known = list.rows[id: id] ?? Pokemon(id: id, name: "", types: [])
        return PokemonDetailFeature.State(pokemon: known, favorites: favorites)
    }

    /// `onAppear` for every screen from index `start` on.
    func appearActions(from start: Int) -> [Effect<AppFeature.Action>] {
        var effects: [Effect<AppFeature.Action>] = []
        if start == 0, destination != nil {
            effects.append(.send(.destination(.presented(.detail(.onAppear)))))
        }
        for (index, entry) in path.entries.enumerated() where index + 1 >= start {
            switch entry.element {
            case .type: effects.append(.send(.path(.element(id: entry.id, action: .type(.onAppear)))))
            case .detail: effects.append(.send(.path(.element(id: entry.id, action: .detail(.onAppear)))))
            }
        }
        return effects
    }
}

extension AppFeature.Action {
    enum Cases {
        static let list = CasePath(AppFeature.Action.list) { if case let .list(a) = $0 { a } else { nil } }
        static let destination = CasePath(AppFeature.Action.destination) {
            if case let .destination(a) = $0 { a } else { nil }
        }
        static let path = CasePath(AppFeature.Action.path) { if case let .path(a) = $0 { a } else { nil } }
    }
}
