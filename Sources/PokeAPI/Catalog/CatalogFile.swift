import StateSync
import PokedexModels
import PokemonClient

/// The embedded catalog's file format, written by `pokedex-catalog generate`:
///
///     {"format":"pokedex-catalog/2",
///     "types":{"grass":["Grass","Planta"],…},
///     "abilities":{"overgrow":["Overgrow","Espesura"],…},
///     "pokemon":[
///     <one CompactRecord per line, in dex order>
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
            let record = CompactRecord(detail: entry, names: catalog.text.names[entry.id], genus: catalog.text.genera[entry.id])
            CompactRecord.write(record, to: &json)
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
                            let record = try CompactRecord.read(&scanner)
                            text.names[record.detail.id] = record.names
                            text.genera[record.detail.id] = record.genus
                            details.append(record.detail)
                        }
                    default: try scanner.skipValue()
                    }
                }
                guard fileFormat == format else { throw scanner.error("not a \(format) file") }
                return Catalog(details, text: text)
            }
        } catch let error as JSONParseError {
            throw PokemonClientError.malformed("catalog file: \(error)")
        }
    }

    /// `{"identifier":["English","Spanish"],…}` sorted by identifier, so the file diffs well.
    private static func writeTable(_ table: [String: LocalizedText], to json: inout JSONWriter) {
        json.raw("{")
        for (position, (key, text)) in table.sorted(by: { $0.key < $1.key }).enumerated() {
            if position > 0 { json.raw(",") }
            json.string(key)
            json.raw(":")
            CompactRecord.writeText(text, to: &json)
        }
        json.raw("}")
    }

    private static func readTable(_ scanner: inout JSONScanner) throws -> [String: LocalizedText] {
        var table: [String: LocalizedText] = [:]
        try scanner.readObject { scanner, key in table[key] = try CompactRecord.readText(&scanner) }
        return table
    }
}

extension Catalog {
    /// The text of the catalog file holding this catalog (what `catalog.json` contains).
    public var fileText: String { CatalogFile.encode(self) }

    /// The first `count` entries in dex order, with their text.
    public func prefix(_ count: Int) -> Catalog { Catalog(Array(entries.prefix(count)), text: text) }
}
