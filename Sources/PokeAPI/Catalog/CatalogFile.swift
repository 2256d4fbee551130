import PokedexModels
import PokemonClient

/// The embedded catalog's file format, written by `pokedex-catalog generate`:
///
///     {"format":"pokedex-catalog/1","pokemon":[
///     <one CompactDetail record per line, in dex order>
///     ]}
enum CatalogFile {
    static let format = "pokedex-catalog/1"

    static func encode(_ catalog: Catalog) -> String {
        var json = JSONWriter()
        json.raw("{\"format\":")
        json.string(format)
        json.raw(",\"pokemon\":[\n")
        for (position, entry) in catalog.entries.enumerated() {
            CompactDetail.write(entry, to: &json)
            json.raw(position == catalog.entries.count - 1 ? "\n" : ",\n")
        }
        json.raw("]}\n")
        return json.text
    }

    static func decode(_ bytes: [UInt8]) throws -> Catalog {
        do {
            return try JSONScanner.scan(bytes) { scanner in
                var details: [PokemonDetail] = []
                var fileFormat: String?
                try scanner.readObject { scanner, key in
                    switch key {
                    case "format": fileFormat = try scanner.readString()
                    case "pokemon": try scanner.readArray { details.append(try CompactDetail.read(&$0)) }
                    default: try scanner.skipValue()
                    }
                }
                guard fileFormat == format else { throw scanner.error("not a \(format) file") }
                return Catalog(details)
            }
        } catch let error as JSONError {
            throw PokemonClientError.malformed("catalog file: \(error)")
        }
    }
}

extension Catalog {
    /// The text of the catalog file holding this catalog (what `catalog.json` contains).
    public var fileText: String { CatalogFile.encode(self) }

    /// The first `count` entries in dex order.
    public func prefix(_ count: Int) -> Catalog { Catalog(Array(entries.prefix(count))) }
}
