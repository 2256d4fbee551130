/// The eighteen battle types, in PokeAPI's id order. The type filter offers these.
public enum PokemonTypes {
    public static let all: [String] = [
        "normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel",
        "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy",
    ]
}
