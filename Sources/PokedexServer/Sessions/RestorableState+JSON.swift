import PokedexFeatures
import PokedexModels
import StateSync

/// A saved session's state on disk: a small JSON object.
extension RestorableState {
    var encoded: String {
        var object: JSONValue = ["route": .string(route), "search": .string(search), "list": .string(activeListID)]
        if let typeFilter { object["type"] = .string(typeFilter) }
        if locale != .en { object["locale"] = .string(locale.rawValue) }
        if favoritesSort != .number { object["sort"] = .string(favoritesSort.rawValue) }
        return object.jsonString
    }

    init?(encoded text: String) {
        guard let json = try? JSONParser.parse(text), let route = json["route"]?.stringValue,
              let list = json["list"]?.stringValue
        else { return nil }
        self.init(
            route: route, search: json["search"]?.stringValue ?? "", typeFilter: json["type"]?.stringValue, activeListID: list,
            locale: json["locale"]?.stringValue.flatMap(AppLocale.init(rawValue:)) ?? .en,
            favoritesSort: json["sort"]?.stringValue.flatMap(FavoritesSort.init(rawValue:)) ?? .number
        )
    }
}
