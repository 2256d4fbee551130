import PokedexModels

extension Catalog {
    /// Every fact of this catalog that `reference` states differently, one line each, in dex
    /// order. Ids this catalog lacks but the reference has within this catalog's id range
    /// count too, so a dropped entry is not missed.
    public func mismatches(against reference: Catalog) -> [String] {
        guard let lastID = entries.last?.id else { return ["the catalog is empty"] }
        var lines: [String] = []
        for expected in reference.entries where expected.id <= lastID && detail(id: expected.id) == nil {
            lines.append("#\(expected.id) \(expected.name): missing from the catalog")
        }
        for entry in entries {
            guard let expected = reference.detail(id: entry.id) else {
                lines.append("#\(entry.id) \(entry.name): not in the reference")
                continue
            }
            lines += Self.differences(entry, expected).map { "#\(entry.id) \(entry.name): \($0)" }
        }
        return lines
    }

    private static func differences(_ found: PokemonDetail, _ expected: PokemonDetail) -> [String] {
        func fact<T: Equatable>(_ name: String, _ value: (PokemonDetail) -> T) -> String? {
            value(found) == value(expected) ? nil : "\(name) is \(value(found)), reference says \(value(expected))"
        }
        return [
            fact("name") { $0.name },
            fact("types") { $0.types },
            fact("height") { $0.height },
            fact("weight") { $0.weight },
            fact("base experience") { $0.baseExperience.map(String.init) ?? "none" },
            fact("genus") { $0.genus ?? "none" },
            fact("sprite") { $0.spriteURL ?? "none" },
            fact("stats") { $0.stats.map { "\($0.name)=\($0.base)" } },
            fact("abilities") { $0.abilities.map { "\($0.name)(slot \($0.slot)\($0.isHidden ? ", hidden" : ""))" } },
        ].compactMap { $0 }
    }
}
