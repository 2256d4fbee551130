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
            @usableFromInline var pokemon: Pokemon
            @usableFromInline var detail: LoadState<PokemonDetail>
            @usableFromInline var favorites: Shared<Set<Int>>
            @usableFromInline var locale: AppLocale

            @usableFromInline
            init(pokemon: Pokemon, detail: LoadState<PokemonDetail>, favorites: Shared<Set<Int>>, locale: AppLocale) {
                self.pokemon = pokemon
                self.detail = detail
                self.favorites = favorites
                self.locale = locale
            }

            @usableFromInline
            func copy() -> Storage {
                Storage(pokemon: pokemon, detail: detail, favorites: favorites, locale: locale)
            }
        }

        /// Changed only while this value is its only holder (`writable`), so a copy of the
        /// state is a value as before. Its fields are read in place (`_read`): a getter's copy
        /// retained every reference in the field, and the projection reads them on each batch;
        /// inlinable, so other modules read them without a call.
        @usableFromInline var storage: Storage

        public init(pokemon: Pokemon, favorites: Shared<Set<Int>>, locale: AppLocale = .en) {
            storage = Storage(pokemon: pokemon, detail: .idle, favorites: favorites, locale: locale)
        }

        @inlinable public var pokemon: Pokemon {
            _read { yield storage.pokemon }
            set { writable.pokemon = newValue }
            _modify { yield &writable.pokemon }
        }

        @inlinable public var detail: LoadState<PokemonDetail> {
            _read { yield storage.detail }
            set { writable.detail = newValue }
            _modify { yield &writable.detail }
        }

        @inlinable public var favorites: Shared<Set<Int>> {
            _read { yield storage.favorites }
            set { writable.favorites = newValue }
            _modify { yield &writable.favorites }
        }

        /// The language the names, genus and abilities are in.
        @inlinable public var locale: AppLocale {
            _read { yield storage.locale }
            set { writable.locale = newValue }
            _modify { yield &writable.locale }
        }

        @inlinable public var isFavorite: Bool { favorites.wrappedValue.contains(pokemon.id) }

        /// The storage, copied first when another value holds it too.
        @inlinable var writable: Storage {
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
