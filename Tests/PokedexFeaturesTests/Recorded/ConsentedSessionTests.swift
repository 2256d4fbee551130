// Emitted by `pokedex-replay --emit-test ConsentedSession` from the recording of session ac3caa3ae8a4af46060d92d6f3df901e.
import Composable
import ComposableTesting
import Foundation
import PokedexFeatures
import PokedexModels
import XCTest

/// Reproduces a recorded session: its actions in order, effects' results as recorded.
@MainActor
final class ConsentedSessionTests: XCTestCase {
    func testReproducesTheRecordedSession() async {
        let lists = Shared<[ListSummary]>([ListSummary(list: FavoritesList(id: "01a242ab7c7f8e23e737baf6c3d595e6", name: "Favorites", ownerID: "01a242ab7c7faff7efb69113470d7de1"), role: .owner)])
        let favorites = Shared<Set<Int>>([])
        let initialState = { var value = { var value = AppFeature.State(account: Account(me: PokedexModels.User(id: "01a242ab7c7faff7efb69113470d7de1", displayName: "Quirky Spark 434"), lists: Shared([PokedexModels.ListSummary(list: PokedexModels.FavoritesList(id: "01a242ab7c7f8e23e737baf6c3d595e6", name: "Favorites", ownerID: "01a242ab7c7faff7efb69113470d7de1"), role: .owner)]), activeListID: "01a242ab7c7f8e23e737baf6c3d595e6"), favorites: Shared([]), locale: .en); value.list.loadState = .loaded(151); value.list.rows = IdentifiedArray([PokedexModels.Pokemon(id: 1, name: "Bulbasaur", types: ["grass", "poison"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/1.png"), PokedexModels.Pokemon(id: 2, name: "Ivysaur", types: ["grass", "poison"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/2.png"), PokedexModels.Pokemon(id: 3, name: "Venusaur", types: ["grass", "poison"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/3.png"), PokedexModels.Pokemon(id: 4, name: "Charmander", types: ["fire"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/4.png"), PokedexModels.Pokemon(id: 5, name: "Charmeleon", types: ["fire"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/5.png"), PokedexModels.Pokemon(id: 6, name: "Charizard", types: ["fire", "flying"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/6.png"), PokedexModels.Pokemon(id: 7, name: "Squirtle", types: ["water"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/7.png"), PokedexModels.Pokemon(id: 8, name: "Wartortle", types: ["water"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/8.png"), PokedexModels.Pokemon(id: 9, name: "Blastoise", types: ["water"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/9.png"), PokedexModels.Pokemon(id: 10, name: "Caterpie", types: ["bug"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/10.png"), PokedexModels.Pokemon(id: 11, name: "Metapod", types: ["bug"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/11.png"), PokedexModels.Pokemon(id: 12, name: "Butterfree", types: ["bug", "flying"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/12.png"), PokedexModels.Pokemon(id: 13, name: "Weedle", types: ["bug", "poison"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/13.png"), PokedexModels.Pokemon(id: 14, name: "Kakuna", types: ["bug", "poison"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/14.png"), PokedexModels.Pokemon(id: 15, name: "Beedrill", types: ["bug", "poison"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/15.png"), PokedexModels.Pokemon(id: 16, name: "Pidgey", types: ["normal", "flying"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/16.png"), PokedexModels.Pokemon(id: 17, name: "Pidgeotto", types: ["normal", "flying"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/17.png"), PokedexModels.Pokemon(id: 18, name: "Pidgeot", types: ["normal", "flying"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/18.png"), PokedexModels.Pokemon(id: 19, name: "Rattata", types: ["normal"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/19.png"), PokedexModels.Pokemon(id: 20, name: "Raticate", types: ["normal"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/20.png")]); value.destination = .detail({ var value = PokemonDetailFeature.State(pokemon: PokedexModels.Pokemon(id: 4, name: "Charmander", types: ["fire"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/4.png"), favorites: Shared([]), locale: .en); value.detail = .loaded(PokedexModels.PokemonDetail(id: 4, name: "Charmander", types: ["fire"], height: 6, weight: 85, abilities: [PokedexModels.PokemonDetail.Ability(name: "Blaze", isHidden: false, slot: 1), PokedexModels.PokemonDetail.Ability(name: "Solar Power", isHidden: true, slot: 3)], stats: [PokedexModels.PokemonDetail.Stat(name: "hp", base: 39), PokedexModels.PokemonDetail.Stat(name: "attack", base: 52), PokedexModels.PokemonDetail.Stat(name: "defense", base: 43), PokedexModels.PokemonDetail.Stat(name: "special-attack", base: 60), PokedexModels.PokemonDetail.Stat(name: "special-defense", base: 50), PokedexModels.PokemonDetail.Stat(name: "speed", base: 65)], baseExperience: 62, genus: "Lizard Pokémon", spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/4.png")); return value }()); return value }(); value.account.lists = lists; value.favorites = favorites; value.list.favorites = favorites; return value }()
        let last = RecordedSession.Last(favorites: [])
        let store = TestStore(initialState: initialState, reducer: AppFeature()) {
            RecordedSession.dependencies(&$0, lists: lists, pokemonIDs: PokemonIDs([1...151]), last: last, stackIDs: [])
        }
        // Effects' results are sent as recorded; what the reducers send is received;
        // each action's whole change is stated.
        // 1: effect
        await store.send(PokedexFeatures.AppFeature.Action.account(PokedexFeatures.AccountFeature.Action.problemReported(PokedexModels.ProblemReport(reference: "ac3caa3ae8a4af46060d92d6f3df901e")))) {
            $0.account.problemReport = PokedexModels.ProblemReport(reference: "ac3caa3ae8a4af46060d92d6f3df901e")
        }
        // 2: browser
        await store.send(PokedexFeatures.AppFeature.Action.destination(Composable.PresentationAction<PokedexFeatures.AppFeature.Destination.Action>.dismiss)) {
            $0.destination = nil
        }
        // 3: browser
        await store.send(.list(.binding(.set(\.search, "pika")))) {
            $0.list.search = "pika"
        }
        // 4: effect
        await store.send(PokedexFeatures.AppFeature.Action.list(PokedexFeatures.PokemonListFeature.Action.searchDebounced)) {
            $0.list.loadState = .loading
        }
        // 5: effect
        await store.send(PokedexFeatures.AppFeature.Action.list(PokedexFeatures.PokemonListFeature.Action.pageLoaded(offset: 0, PokedexModels.PokemonPage(pokemon: [PokedexModels.Pokemon(id: 25, name: "Pikachu", types: ["electric"], spriteURL: Optional("https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png"))], totalCount: 1)))) {
            $0.list.loadState = .loaded(1)
            $0.list.rows = IdentifiedArray([PokedexModels.Pokemon(id: 25, name: "Pikachu", types: ["electric"], spriteURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png")])
        }
        // 6: browser
        await store.send(PokedexFeatures.AppFeature.Action.account(PokedexFeatures.AccountFeature.Action.createSignInCode))
        // 7: effect
        await store.send(.account(.signInCodeCreated(SignInCode(code: "REDACTED", expiresAt: Date(timeIntervalSince1970: 1796415464.7866442))))) {
            $0.account.signIn = PokedexModels.SignInCode(code: "REDACTED", expiresAt: Date(timeIntervalSince1970: 1796415464.7866442))
        }
        // 8: browser
        await store.send(PokedexFeatures.AppFeature.Action.account(PokedexFeatures.AccountFeature.Action.problemReportDismissed)) {
            $0.account.problemReport = nil
        }
        // The effects whose results the recording does not have (still running when it
        // ended) never answer here.
        store.skipInFlightEffects()
    }
}
