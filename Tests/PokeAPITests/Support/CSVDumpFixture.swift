/// A tiny PokeAPI-shaped CSV dump: bulbasaur, ivysaur and one alternate form, with the quirks
/// of the real files (CRLF in pokemon_abilities.csv, rows out of slot order, other languages),
/// named in English and Spanish.
enum CSVDumpFixture {
    static var files: [String: String] {
        [
            "pokemon.csv": """
                id,identifier,species_id,height,weight,base_experience,order,is_default
                1,bulbasaur,1,7,69,64,1,1
                2,ivysaur,2,10,130,,2,1
                10033,venusaur-mega,3,24,1555,281,4,0

                """,
            "types.csv": "id,identifier,generation_id,damage_class_id\n4,poison,1,2\n12,grass,1,3\n",
            "pokemon_types.csv": "pokemon_id,type_id,slot\n1,4,2\n1,12,1\n2,12,1\n2,4,2\n10033,12,1\n",
            "stats.csv": """
                id,damage_class_id,identifier,is_battle_only,game_index
                1,,hp,0,1
                2,2,attack,0,2
                3,2,defense,0,3
                4,3,special-attack,0,5
                5,3,special-defense,0,6
                6,,speed,0,4

                """,
            "pokemon_stats.csv": "pokemon_id,stat_id,base_stat,effort\n"
                + stats(1, [45, 49, 49, 65, 65, 45]) + stats(2, [60, 62, 63, 80, 80, 60]),
            "abilities.csv": "id,identifier,generation_id,is_main_series\n34,chlorophyll,3,1\n65,overgrow,3,1\n",
            "pokemon_abilities.csv": "pokemon_id,ability_id,is_hidden,slot\r\n1,34,1,3\r\n1,65,0,1\r\n2,65,0,1\r\n2,34,1,3\r\n",
            "pokemon_species_names.csv": """
                pokemon_species_id,local_language_id,name,genus
                1,1,フシギダネ,たねポケモン
                1,7,Bulbasaur,Pokémon Semilla
                1,9,Bulbasaur,Seed Pokémon
                2,9,Ivysaur,"Seed, ""Big"" Pokémon"
                2,7,Ivysaur,Pokémon Semilla

                """,
            "ability_names.csv": "ability_id,local_language_id,name\n34,1,ようりょくそ\n34,7,Clorofila\n34,9,Chlorophyll\n65,7,Espesura\n65,9,Overgrow\n",
            "type_names.csv": "type_id,local_language_id,name\n4,7,Veneno\n4,9,Poison\n12,9,Grass\n12,7,Planta\n",
        ]
    }

    /// Stat rows in reverse order, as a reminder that the loader sorts them.
    private static func stats(_ id: Int, _ bases: [Int]) -> String {
        bases.enumerated().reversed().map { "\(id),\($0.offset + 1),\($0.element),0\n" }.joined()
    }

    static func write(to directory: TemporaryDirectory, replacing overrides: [String: String] = [:]) throws {
        for (name, text) in files.merging(overrides, uniquingKeysWith: { $1 }) {
            try directory.write(name, text)
        }
    }
}
