import PokedexFeatures
import PokedexModels
import StateSync

/// A saved session's state on disk: a small JSON object.
extension RestorableState {
    /// Written member by member (the members the saver's write thread encodes for every
    /// saved change): `route`, `search`, `list`, then `type`, `locale` and `sort` when set.
    var encoded: String {
        var writer = JSONWriter(capacity: 128)
        writer.raw("{\"route\":")
        writer.write(route)
        writer.raw(",\"search\":")
        writer.write(search)
        writer.raw(",\"list\":")
        writer.write(activeListID)
        writer.optional(",\"type\":", typeFilter)
        writer.optional(",\"locale\":", locale == .en ? nil : locale.rawValue)
        writer.optional(",\"sort\":", favoritesSort == .number ? nil : favoritesSort.rawValue)
        writer.raw("}")
        return String(decoding: writer.bytes, as: UTF8.self)
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
