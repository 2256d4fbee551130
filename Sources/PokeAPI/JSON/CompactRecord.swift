import PokedexModels
import StateSync

/// A Pokémon with what it is called, as one JSON array: the embedded catalog file's lines and
/// the live client's cache entry of a detail with its species (one read a row):
///
///     [<CompactDetail>,["English name","Spanish name"]|null,["English genus","Spanish genus"]|null]
struct CompactRecord: Equatable, Sendable {
    var detail: PokemonDetail
    var names: LocalizedText?
    var genus: LocalizedText?

    static func write(_ record: CompactRecord, to json: inout JSONWriter) {
        json.raw("[")
        CompactDetail.write(record.detail, to: &json)
        json.raw(",")
        writeText(record.names, to: &json)
        json.raw(",")
        writeText(record.genus, to: &json)
        json.raw("]")
    }

    static func read(_ scanner: inout JSONScanner) throws -> CompactRecord {
        try scanner.readTuple { scanner in
            let detail = try CompactDetail.read(&scanner)
            try scanner.expectComma()
            let names = try readText(&scanner)
            try scanner.expectComma()
            return CompactRecord(detail: detail, names: names, genus: try readText(&scanner))
        }
    }

    static func encode(_ record: CompactRecord) -> [UInt8] {
        var json = JSONWriter()
        write(record, to: &json)
        return json.bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> CompactRecord {
        try JSONScanner.scan(bytes) { try read(&$0) }
    }

    /// `["English","Spanish"]` or `null`.
    static func writeText(_ text: LocalizedText?, to json: inout JSONWriter) {
        guard let text else { return json.raw("null") }
        json.array([text.en, text.es]) { $0.string($1) }
    }

    static func readText(_ scanner: inout JSONScanner) throws -> LocalizedText? {
        if try scanner.readNull() { return nil }
        let texts = try scanner.readElements { try $0.readString() }
        guard texts.count == 2 else { throw scanner.error("a text has an English and a Spanish string") }
        return LocalizedText(en: texts[0], es: texts[1])
    }
}
