import PokedexModels

extension Catalog {
    /// Every fact of this catalog that `reference` states differently, one line each, in dex
    /// order. Ids this catalog lacks but the reference has within this catalog's id range
    /// count too, so a dropped entry is not missed.
    public func mismatches(against reference: Catalog) -> [String] {
        guard let lastID = entries.last?.id else { return ["the catalog is empty"] }
        var lines: [String] = []
        for expected in reference.entries where expected.id <= lastID && entry(id: expected.id) == nil {
            lines.append("#\(expected.id) \(expected.name): missing from the catalog")
        }
        for entry in entries {
            guard let expected = reference.entry(id: entry.id) else {
                lines.append("#\(entry.id) \(entry.name): not in the reference")
                continue
            }
            lines += Self.differences(entry, expected).map { "#\(entry.id) \(entry.name): \($0)" }
            lines += textDifferences(entry, against: reference).map { "#\(entry.id) \(entry.name): \($0)" }
        }
        return lines
    }

    /// The names and genus in each language, and the names of its abilities.
    private func textDifferences(_ entry: PokemonDetail, against reference: Catalog) -> [String] {
        func fact(_ name: String, _ found: LocalizedText?, _ expected: LocalizedText?) -> String? {
            found == expected ? nil : "\(name) is \(Self.describe(found)), reference says \(Self.describe(expected))"
        }
        var lines = [
            fact("display name", text.names[entry.id], reference.text.names[entry.id]),
            fact("genus", text.genera[entry.id], reference.text.genera[entry.id]),
        ].compactMap { $0 }
        for ability in entry.abilities where !reference.text.abilities.isEmpty {
            if let line = fact("ability \(ability.name)", text.abilities[ability.name], reference.text.abilities[ability.name]) {
                lines.append(line)
            }
        }
        return lines
    }

    private static func describe(_ text: LocalizedText?) -> String {
        text.map { "\($0.en) / \($0.es)" } ?? "none"
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
            fact("sprite") { $0.spriteURL ?? "none" },
            fact("stats") { $0.stats.map { "\($0.name)=\($0.base)" } },
            fact("abilities") { $0.abilities.map { "\($0.name)(slot \($0.slot)\($0.isHidden ? ", hidden" : ""))" } },
        ].compactMap { $0 }
    }
}
