import StateSync
import PokedexModels
import PokemonClient

/// The embedded catalog's file format, written by `pokedex-catalog generate`:
///
///     {"format":"pokedex-catalog/2",
///     "types":{"grass":["Grass","Planta"],…},
///     "abilities":{"overgrow":["Overgrow","Espesura"],…},
///     "pokemon":[
///     [<CompactDetail record>,["English name","Spanish name"],["English genus","Spanish genus"]|null],
///     <one per line, in dex order>
///     ]}
enum CatalogFile {
    static let format = "pokedex-catalog/2"

    static func encode(_ catalog: Catalog) -> String {
        var json = JSONWriter()
        json.raw("{\"format\":")
        json.string(format)
        json.raw(",\n\"types\":")
        writeTable(catalog.text.types, to: &json)
        let used = Set(catalog.entries.flatMap { $0.abilities.map(\.name) })
        json.raw(",\n\"abilities\":")
        writeTable(catalog.text.abilities.filter { used.contains($0.key) }, to: &json)
        json.raw(",\n\"pokemon\":[\n")
        for (position, entry) in catalog.entries.enumerated() {
            json.raw("[")
            CompactDetail.write(entry, to: &json)
            json.raw(",")
            writeText(catalog.text.names[entry.id], to: &json)
            json.raw(",")
            writeText(catalog.text.genera[entry.id], to: &json)
            json.raw("]")
            json.raw(position == catalog.entries.count - 1 ? "\n" : ",\n")
        }
        json.raw("]}\n")
        return json.text
    }

    static func decode(_ bytes: [UInt8]) throws -> Catalog {
        do {
            return try JSONScanner.scan(bytes) { scanner in
                var details: [PokemonDetail] = []
                var text = CatalogText()
                var fileFormat: String?
                try scanner.readObject { scanner, key in
                    switch key {
                    case "format": fileFormat = try scanner.readString()
                    case "types": text.types = try readTable(&scanner)
                    case "abilities": text.abilities = try readTable(&scanner)
                    case "pokemon":
                        try scanner.readArray { scanner in
                            try scanner.beginArray()
                            let detail = try CompactDetail.read(&scanner)
                            try scanner.expectComma()
                            text.names[detail.id] = try readText(&scanner)
                            try scanner.expectComma()
                            text.genera[detail.id] = try readText(&scanner)
                            try scanner.endArray()
                            details.append(detail)
                        }
                    default: try scanner.skipValue()
                    }
                }
                guard fileFormat == format else { throw scanner.error("not a \(format) file") }
                return Catalog(details, text: text)
            }
        } catch let error as JSONError {
            throw PokemonClientError.malformed("catalog file: \(error)")
        }
    }

    private static func writeText(_ text: LocalizedText?, to json: inout JSONWriter) {
        guard let text else { return json.raw("null") }
        json.array([text.en, text.es]) { $0.string($1) }
    }

    private static func readText(_ scanner: inout JSONScanner) throws -> LocalizedText? {
        if try scanner.readNull() { return nil }
        var texts: [String] = []
        try scanner.readArray { texts.append(try $0.readString()) }
        guard texts.count == 2 else { throw scanner.error("a text has an English and a Spanish string") }
        return LocalizedText(en: texts[0], es: texts[1])
    }

    /// `{"identifier":["English","Spanish"],…}` sorted by identifier, so the file diffs well.
    private static func writeTable(_ table: [String: LocalizedText], to json: inout JSONWriter) {
        json.raw("{")
        for (position, (key, text)) in table.sorted(by: { $0.key < $1.key }).enumerated() {
            if position > 0 { json.raw(",") }
            json.string(key)
            json.raw(":")
            writeText(text, to: &json)
        }
        json.raw("}")
    }

    private static func readTable(_ scanner: inout JSONScanner) throws -> [String: LocalizedText] {
        var table: [String: LocalizedText] = [:]
        try scanner.readObject { scanner, key in table[key] = try readText(&scanner) }
        return table
    }
}

extension Catalog {
    /// The text of the catalog file holding this catalog (what `catalog.json` contains).
    public var fileText: String { CatalogFile.encode(self) }

    /// The first `count` entries in dex order, with their text.
    public func prefix(_ count: Int) -> Catalog { Catalog(Array(entries.prefix(count)), text: text) }
}
