/// Friendly names for new users ("Jolly Sprout 42") until they pick their own.
public enum DisplayNameGenerator {
    /// Pokémon natures.
    static let adjectives = [
        "Adamant", "Bold", "Brave", "Calm", "Careful", "Gentle", "Hasty", "Impish", "Jolly", "Lax",
        "Lonely", "Mild", "Modest", "Naive", "Quiet", "Quirky", "Rash", "Relaxed", "Sassy", "Timid",
    ]
    /// Pokémon-ish things.
    static let nouns = [
        "Blossom", "Boulder", "Bubble", "Cinder", "Comet", "Ember", "Fang", "Feather", "Flame", "Frost",
        "Pebble", "Petal", "Ripple", "Shadow", "Shell", "Spark", "Sprout", "Thunder", "Tide", "Wing",
    ]

    public static func generate<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        let adjective = adjectives[Int.random(in: adjectives.indices, using: &generator)]
        let noun = nouns[Int.random(in: nouns.indices, using: &generator)]
        let number = Int.random(in: 1...999, using: &generator)
        return "\(adjective) \(noun) \(number)"
    }

    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }
}
