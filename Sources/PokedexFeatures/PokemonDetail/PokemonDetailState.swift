import Composable
import PokedexModels

extension PokemonDetailFeature {
    /// A detail's state, one reference to storage that is copied on write: a shown detail
    /// lives in a case of `Destination.State` or `Path.State`, and each action that reached
    /// it copied it out of the case (a retain of every reference in the row and the loaded
    /// detail) and boxed it back into the `indirect` enum (docs/INTERNALS.md, "A child in an
    /// enum's case"). Taken out of its case, it is a retain; the only holder while the child
    /// reduces, it is changed in place; put back, it is a pointer stored.
    public struct State: Equatable, Sendable {
        @usableFromInline
        final class Storage: @unchecked Sendable {
            var pokemon: Pokemon
            var detail: LoadState<PokemonDetail>
            var favorites: Shared<Set<Int>>
            var locale: AppLocale

            init(pokemon: Pokemon, detail: LoadState<PokemonDetail>, favorites: Shared<Set<Int>>, locale: AppLocale) {
                self.pokemon = pokemon
                self.detail = detail
                self.favorites = favorites
                self.locale = locale
            }

            func copy() -> Storage {
                Storage(pokemon: pokemon, detail: detail, favorites: favorites, locale: locale)
            }
        }

        /// Changed only while this value is its only holder (`writable`), so a copy of the
        /// state is a value as before.
        private var storage: Storage

        public init(pokemon: Pokemon, favorites: Shared<Set<Int>>, locale: AppLocale = .en) {
            storage = Storage(pokemon: pokemon, detail: .idle, favorites: favorites, locale: locale)
        }

        public var pokemon: Pokemon {
            get { storage.pokemon }
            set { writable.pokemon = newValue }
        }

        public var detail: LoadState<PokemonDetail> {
            get { storage.detail }
            set { writable.detail = newValue }
        }

        public var favorites: Shared<Set<Int>> {
            get { storage.favorites }
            set { writable.favorites = newValue }
        }

        /// The language the names, genus and abilities are in.
        public var locale: AppLocale {
            get { storage.locale }
            set { writable.locale = newValue }
        }

        public var isFavorite: Bool { favorites.wrappedValue.contains(pokemon.id) }

        /// The storage, copied first when another value holds it too.
        private var writable: Storage {
            mutating get {
                if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
                return storage
            }
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.storage === rhs.storage
                || (lhs.pokemon == rhs.pokemon && lhs.detail == rhs.detail && lhs.favorites == rhs.favorites
                    && lhs.locale == rhs.locale)
        }
    }
}

/// Reflected as its fields, as the plain struct it was: shared values are found in a state by
/// reflection (`SharedDiscovery`), and a replay's emitted test writes a feature's state field
/// by field from its mirror.
extension PokemonDetailFeature.State: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self, children: ["pokemon": pokemon, "detail": detail, "favorites": favorites, "locale": locale],
            displayStyle: .struct
        )
    }
}
