import Foundation

extension Catalog {
    /// The first 151 Pokémon shipped inside the target (`catalog.json`), decoded on first use.
    public static var embedded: Catalog { EmbeddedCatalog.value }
}

enum EmbeddedCatalog {
    static var fileURL: URL {
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
            fatalError("PokeAPI's resource catalog.json is missing from the bundle")
        }
        return url
    }

    // A static `let` is initialised once, lazily and thread-safely.
    static let value: Catalog = {
        do {
            return try CatalogFile.decode(Array(try Data(contentsOf: fileURL)))
        } catch {
            fatalError("The embedded catalog cannot be read: \(error)")
        }
    }()
}
