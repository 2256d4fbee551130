import StateSync
/// The project's compact form of a list of `NamedEntry`s with a total, for the response cache:
/// `{"count":N,"results":[[id,"name"],…]}`.
enum CompactIndex {
    static func encode(_ page: PokemonIndexPage) -> [UInt8] {
        var json = JSONWriter()
        json.raw("{\"count\":")
        json.int(page.count)
        json.raw(",\"results\":")
        json.array(page.entries) { json, entry in
            json.raw("["); json.int(entry.id); json.raw(","); json.string(entry.name); json.raw("]")
        }
        json.raw("}")
        return Array(json.text.utf8)
    }

    static func decode(_ bytes: [UInt8]) throws -> PokemonIndexPage {
        try JSONScanner.scan(bytes) { scanner in
            try PokemonIndexPage.read(&scanner) { scanner in
                try scanner.readTuple { scanner in
                    let id = try scanner.readInt()
                    try scanner.expectComma()
                    return NamedEntry(id: id, name: try scanner.readString())
                }
            }
        }
    }
}
