/// The languages the Pokédex speaks. Everything else falls back to English.
public enum AppLocale: String, Equatable, Hashable, Sendable, CaseIterable, Codable {
    case en
    case es

    /// The first of the browser's preferred languages (`navigator.languages`, e.g.
    /// `["es-MX", "en"]`) that the Pokédex speaks, else English.
    public init(preferences: [String]) {
        for tag in preferences {
            if let locale = AppLocale(tag: tag) {
                self = locale
                return
            }
        }
        self = .en
    }

    /// `es`, `es-ES`, `ES_mx` → `.es`; a language the Pokédex does not speak → nil.
    public init?(tag: String) {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        self.init(rawValue: primary)
    }
}

/// A text in each language the Pokédex speaks.
public struct LocalizedText: Equatable, Hashable, Sendable, Codable {
    public var en: String
    public var es: String

    public init(en: String, es: String) {
        self.en = en
        self.es = es
    }

    public subscript(locale: AppLocale) -> String {
        switch locale {
        case .en: en
        case .es: es
        }
    }
}
