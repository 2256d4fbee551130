/// The image shown when a sprite cannot be fetched: a soft circle in the colour of the
/// Pokémon's first type, a pokéball outline and its number. SVG, so it is tiny and sharp.
enum PlaceholderSprite {
    static let contentType = "image/svg+xml"

    static func svg(id: Int, type: String?) -> [UInt8] {
        let colour = type.flatMap { typeColours[$0] } ?? "#A8A8A8"
        let number = "#" + String(repeating: "0", count: max(0, 3 - String(id).count)) + String(id)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" \
            aria-label="Pokémon \(number)">\
            <circle cx="48" cy="48" r="46" fill="\(colour)" fill-opacity="0.22"/>\
            <g fill="none" stroke="\(colour)" stroke-width="3" stroke-opacity="0.75">\
            <circle cx="48" cy="40" r="24"/><path d="M24 40h16M56 40h16"/>\
            <circle cx="48" cy="40" r="7" fill="#FFFFFF"/></g>\
            <text x="48" y="82" text-anchor="middle" font-family="system-ui, sans-serif" font-size="14" \
            font-weight="600" fill="#4A4A4A">\(number)</text></svg>
            """
        return Array(svg.utf8)
    }

    /// The usual colours of the eighteen types.
    private static let typeColours: [String: String] = [
        "normal": "#A8A77A", "fighting": "#C22E28", "flying": "#A98FF3", "poison": "#A33EA1",
        "ground": "#E2BF65", "rock": "#B6A136", "bug": "#A6B91A", "ghost": "#735797", "steel": "#B7B7CE",
        "fire": "#EE8130", "water": "#6390F0", "grass": "#7AC74C", "electric": "#F7D02C",
        "psychic": "#F95587", "ice": "#96D9D6", "dragon": "#6F35FC", "dark": "#705746", "fairy": "#D685AD",
    ]
}
