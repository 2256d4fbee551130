/// Where PokeAPI's sprite repository keeps the front sprite of Pokémon `id`.
public enum SpriteURL {
    public static func pokeAPI(id: Int) -> String {
        "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/\(id).png"
    }
}
